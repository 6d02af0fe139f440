import Domain
import Testing

@Suite("EditAccount")
struct EditAccountTests {
  let repository = InMemoryVaultRepository(
    VaultContents(
      accounts: [
        Sample.totp("a", issuer: "GitHub", name: "octocat", note: "old note", groups: ["g-work"]),
        Sample.totp("b", issuer: "Bank", name: "me"),
      ],
      groups: [AccountGroup(id: .init("g-work"), name: "Work")]))

  @discardableResult
  func edit(_ id: String, _ changes: EditAccount.Changes) throws(DomainError) -> Account {
    try EditAccount(repository: repository, ids: .counting("new"))(Account.ID(id), changes)
  }

  func stored(_ id: String) throws -> Account {
    try #require(try repository.load().accounts.first { $0.id.rawValue == id })
  }

  @Test("Editing changes the given fields, trims the label, and keeps the rest")
  func changesFields() throws {
    let before = try stored("a")
    let saved = try edit("a", .init(issuer: " GitLab ", name: "tanuki\n", note: "new note", favorite: true))
    var expected = before
    expected.issuer = "GitLab"
    expected.name = "tanuki"
    expected.note = "new note"
    expected.favorite = true
    #expect(saved == expected)
    #expect(try stored("a") == expected)
  }

  @Test("Editing with no changes saves the account as it was")
  func noChanges() throws {
    let before = try repository.load()
    try edit("a", .init())
    #expect(try repository.load() == before)
  }

  @Test("Group names replace the account's groups, creating missing ones and reusing others by name")
  func replacesGroups() throws {
    let saved = try edit("a", .init(groupNames: ["Home", "WORK"]))
    #expect(saved.groups == [.init("new-1"), .init("g-work")])
    #expect(try repository.load().groups.map(\.name) == ["Work", "Home"])
  }

  @Test("An empty list of group names takes the account out of every group and keeps the groups")
  func clearsGroups() throws {
    let saved = try edit("a", .init(groupNames: []))
    #expect(saved.groups.isEmpty)
    #expect(try repository.load().groups.map(\.name) == ["Work"])
  }

  @Test("Editing refuses to make an account a duplicate of another, and saves nothing")
  func refusesDuplicate() throws {
    let before = try repository.load()
    #expect(throws: DomainError.duplicate(label: "bank:ME")) {
      try edit("a", .init(issuer: "bank", name: "ME", groupNames: ["Fresh"]))
    }
    #expect(try repository.load() == before)
  }

  @Test("Editing refuses to empty both issuer and name", arguments: [("", ""), (" ", "\t")])
  func refusesEmptyLabel(issuer: String, name: String) throws {
    let before = try repository.load()
    #expect(throws: DomainError.invalidField(.name, "an issuer or a name is required")) {
      try edit("a", .init(issuer: issuer, name: name))
    }
    #expect(try repository.load() == before)
  }

  @Test("Editing an unknown account is not found")
  func unknown() {
    #expect(throws: DomainError.notFound("zzz")) { try edit("zzz", .init(note: "x")) }
  }

  @Test("A change that fails halfway through leaves the vault as it was")
  func failureHalfway() throws {
    let before = try repository.load()
    #expect(throws: DomainError.invalidField(.group, "a group name cannot be empty")) {
      try edit("a", .init(note: "changed", groupNames: ["Created first", " "]))
    }
    #expect(try repository.load() == before)
  }
}

@Suite("RemoveAccount and ToggleFavorite")
struct RemoveAndFavoriteTests {
  let repository = InMemoryVaultRepository(
    VaultContents(accounts: [Sample.totp("a", issuer: "A"), Sample.totp("b", issuer: "B", favorite: true)]))

  @Test("Removing deletes only that account")
  func remove() throws {
    try RemoveAccount(repository: repository)(Account.ID("a"))
    #expect(Sample.ids(try repository.load().accounts) == ["b"])
  }

  @Test("Removing an unknown account is not found and deletes nothing")
  func removeUnknown() throws {
    #expect(throws: DomainError.notFound("c")) { try RemoveAccount(repository: repository)(Account.ID("c")) }
    #expect(Sample.ids(try repository.load().accounts) == ["a", "b"])
  }

  @Test("Toggling flips the favorite flag, returns it, and saves it", arguments: [("a", true), ("b", false)])
  func toggle(id: String, expected: Bool) throws {
    #expect(try ToggleFavorite(repository: repository)(Account.ID(id)) == expected)
    #expect(try repository.load().accounts.first { $0.id.rawValue == id }?.favorite == expected)
  }

  @Test("Toggling twice restores the flag")
  func toggleTwice() throws {
    let toggle = ToggleFavorite(repository: repository)
    try toggle(Account.ID("a"))
    try toggle(Account.ID("a"))
    #expect(try repository.load().accounts.map(\.favorite) == [false, true])
  }
}
