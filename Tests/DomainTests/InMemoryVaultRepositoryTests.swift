import Domain
import Testing

@Suite("InMemoryVaultRepository")
struct InMemoryVaultRepositoryTests {
  let repository = InMemoryVaultRepository(
    VaultContents(
      accounts: [Sample.totp("a", issuer: "A")], groups: [AccountGroup(id: .init("g"), name: "G")]))

  @Test("A change that throws inside update leaves the contents unchanged")
  func throwingChange() throws {
    let before = try repository.load()
    #expect(throws: DomainError.notFound("late")) {
      try repository.update { (contents) throws(DomainError) in
        contents.accounts.removeAll()
        contents.groups.append(AccountGroup(id: .init("h"), name: "H"))
        throw DomainError.notFound("late")
      }
    }
    #expect(try repository.load() == before)
  }

  @Test("A change that succeeds is kept and its result returned")
  func keptChange() throws {
    let count = try repository.update { contents in
      contents.accounts.append(Sample.totp("b", issuer: "B"))
      return contents.accounts.count
    }
    #expect(count == 2)
    #expect(Sample.ids(try repository.load().accounts) == ["a", "b"])
  }
}
