import Domain
import Testing

@Suite("ManageGroups")
struct ManageGroupsTests {
  let repository = InMemoryVaultRepository(
    VaultContents(
      accounts: [
        Sample.totp("a", issuer: "A", groups: ["g-work", "g-home"]),
        Sample.totp("b", issuer: "B", groups: ["g-work"]),
      ],
      groups: [
        AccountGroup(id: .init("g-work"), name: "Work"), AccountGroup(id: .init("g-home"), name: "Home"),
      ]))

  var groups: ManageGroups { ManageGroups(repository: repository, ids: .counting("group")) }

  func names() throws -> [String] { try repository.load().groups.map(\.name) }

  func groupsOf(_ id: String) throws -> [String] {
    try repository.load().accounts.first { $0.id.rawValue == id }?.groups.map(\.rawValue) ?? []
  }

  @Test("Creating a group trims its name and appends it with a fresh id")
  func create() throws {
    let group = try groups.create(named: "  Travel ")
    #expect(group == AccountGroup(id: .init("group-1"), name: "Travel"))
    #expect(try names() == ["Work", "Home", "Travel"])
  }

  @Test(
    "Creating a group refuses a name already used, ignoring case and diacritics, or an empty one",
    arguments: [
      ("work", "a group called 'work' already exists"),
      (" HOME ", "a group called 'HOME' already exists"),
      ("Hóme", "a group called 'Hóme' already exists"),
      ("   ", "a group name cannot be empty"),
    ])
  func createRefused(name: String, message: String) throws {
    #expect(throws: DomainError.invalidField(.group, message)) { try groups.create(named: name) }
    #expect(try names() == ["Work", "Home"])
  }

  @Test("Renaming changes the name and keeps the id and the members")
  func rename() throws {
    try groups.rename(.init("g-work"), to: "Office")
    #expect(try repository.load().groups.first == AccountGroup(id: .init("g-work"), name: "Office"))
    #expect(try groupsOf("b") == ["g-work"])
  }

  @Test("Renaming a group to another case of its own name is allowed")
  func renameOwnCase() throws {
    try groups.rename(.init("g-work"), to: "WORK")
    #expect(try names() == ["WORK", "Home"])
  }

  @Test("Renaming refuses the name of another group")
  func renameRefused() throws {
    #expect(throws: DomainError.invalidField(.group, "a group called 'home' already exists")) {
      try groups.rename(.init("g-work"), to: "home")
    }
    #expect(try names() == ["Work", "Home"])
  }

  @Test("Renaming or deleting an unknown group is not found")
  func unknownGroup() {
    #expect(throws: DomainError.notFound("nope")) { try groups.rename(.init("nope"), to: "X") }
    #expect(throws: DomainError.notFound("nope")) { try groups.delete(.init("nope")) }
  }

  @Test("Deleting a group removes it and takes every account out of it")
  func delete() throws {
    try groups.delete(.init("g-work"))
    #expect(try names() == ["Home"])
    #expect(try groupsOf("a") == ["g-home"])
    #expect(try groupsOf("b") == [])
  }

  @Test("Assigning puts an account in exactly the named groups, creating the missing ones")
  func assign() throws {
    try groups.assign(Account.ID("b"), toGroupsNamed: ["home", "Travel", "HOME"])
    #expect(try groupsOf("b") == ["g-home", "group-1"])
    #expect(try names() == ["Work", "Home", "Travel"])
    #expect(try groupsOf("a") == ["g-work", "g-home"])
  }

  @Test("Assigning no names takes the account out of every group")
  func assignNone() throws {
    try groups.assign(Account.ID("a"), toGroupsNamed: [])
    #expect(try groupsOf("a") == [])
  }

  @Test("Assigning to an unknown account is not found and creates no group")
  func assignUnknown() throws {
    #expect(throws: DomainError.notFound("zzz")) {
      try groups.assign(Account.ID("zzz"), toGroupsNamed: ["Travel"])
    }
    #expect(try names() == ["Work", "Home"])
  }
}
