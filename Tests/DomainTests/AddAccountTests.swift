import Domain
import OTP
import Testing

@Suite("AddAccount")
struct AddAccountTests {
  let repository = InMemoryVaultRepository()

  @discardableResult
  func add(_ new: NewAccount, ids: IdentifierSource = .counting()) throws(DomainError) -> Account {
    try AddAccount(repository: repository, ids: ids)(new)
  }

  func new(
    issuer: String, name: String, secret: [UInt8] = Sample.otherSecret, groups: [String] = []
  ) -> NewAccount {
    NewAccount(
      issuer: issuer, name: name, otp: try! OTPParameters(type: .totp, secret: secret), groupNames: groups)
  }

  @Test("Adding trims spaces and line breaks around the issuer and the name")
  func trimsLabel() throws {
    let account = try add(new(issuer: "  Example\t", name: "\n alice@example.com  "))
    #expect(account.issuer == "Example")
    #expect(account.name == "alice@example.com")
    #expect(try repository.load().accounts == [account])
  }

  @Test("Adding stores the account under the next identifier with its note and favorite flag")
  func storesEverything() throws {
    var new = new(issuer: "Example", name: "alice")
    new.note = "recovery codes in the safe"
    new.favorite = true
    let account = try add(new, ids: .counting("acct"))
    #expect(
      account
        == Account(
          id: Account.ID("acct-1"), issuer: "Example", name: "alice", otp: new.otp,
          note: "recovery codes in the safe", favorite: true))
  }

  @Test(
    "Adding keeps an account that has only an issuer or only a name",
    arguments: [("GitHub", ""), ("", "bob")])
  func oneSideOfTheLabelIsEnough(issuer: String, name: String) throws {
    let account = try add(new(issuer: issuer, name: name))
    #expect(account.label == (issuer.isEmpty ? name : issuer))
  }

  @Test(
    "Adding refuses an account whose issuer and name are both empty after trimming",
    arguments: [("", ""), ("   ", "\t"), ("\n", "")])
  func refusesEmptyLabel(issuer: String, name: String) throws {
    #expect(throws: DomainError.invalidField(.name, "an issuer or a name is required")) {
      try add(new(issuer: issuer, name: name))
    }
    #expect(try repository.load() == VaultContents())
  }

  @Test(
    "Adding refuses the same secret, issuer and name ignoring case, and saves nothing",
    arguments: [
      ("Example", "alice", "Example:alice"), ("EXAMPLE", "ALICE", "EXAMPLE:ALICE"),
      (" example ", "Alice", "example:Alice"),
    ])
  func refusesDuplicate(issuer: String, name: String, label: String) throws {
    try add(new(issuer: "Example", name: "alice"))
    let before = try repository.load()
    #expect(throws: DomainError.duplicate(label: label)) {
      try add(new(issuer: issuer, name: name, groups: ["Fresh group"]), ids: .counting("second"))
    }
    #expect(try repository.load() == before)
  }

  @Test(
    "Adding accepts an account that differs from an existing one in secret, issuer or name",
    arguments: [
      ("Example", "alice", Sample.rfcSecret), ("Example", "alicia", Sample.otherSecret),
      ("Sample", "alice", Sample.otherSecret),
    ])
  func acceptsNearDuplicates(issuer: String, name: String, secret: [UInt8]) throws {
    try add(new(issuer: "Example", name: "alice"), ids: .counting("first"))
    try add(new(issuer: issuer, name: name, secret: secret), ids: .counting("second"))
    #expect(Sample.ids(try repository.load().accounts) == ["first-1", "second-1"])
  }

  @Test("Adding creates each named group once, reusing a group whose name differs only in case")
  func createsGroupsOnce() throws {
    let ids = IdentifierSource.counting()
    let first = try add(new(issuer: "A", name: "a", groups: ["Work", "work", " WORK ", "Home"]), ids: ids)
    let second = try add(new(issuer: "B", name: "b", groups: ["wOrK"]), ids: ids)
    let contents = try repository.load()
    #expect(
      contents.groups == [
        AccountGroup(id: .init("id-2"), name: "Work"), .init(id: .init("id-3"), name: "Home"),
      ])
    #expect(first.groups == [.init("id-2"), .init("id-3")])
    #expect(second.groups == [.init("id-2")])
  }

  @Test("Adding refuses an empty group name and saves nothing")
  func refusesEmptyGroupName() throws {
    #expect(throws: DomainError.invalidField(.group, "a group name cannot be empty")) {
      try add(new(issuer: "A", name: "a", groups: ["Work", "  "]))
    }
    #expect(try repository.load() == VaultContents())
  }
}
