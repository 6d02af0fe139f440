import Domain
import Testing

@Suite("VaultChange outcomes")
struct VaultChangeOutcomeTests {
  @Test("each accessor gives its own outcome's value and refuses any other in one way")
  func accessors() throws {
    #expect(try VaultChange.Outcome.favorite(true).favorite())
    #expect(try VaultChange.Outcome.code("755224").code() == "755224")
    let group = AccountGroup(id: AccountGroup.ID("g"), name: "Work")
    #expect(try VaultChange.Outcome.group(group).group() == group)
    let unexpected = DomainError.storage("unexpected answer to a change")
    #expect(throws: unexpected) { try VaultChange.Outcome.done.favorite() }
    #expect(throws: unexpected) { try VaultChange.Outcome.favorite(false).code() }
    #expect(throws: unexpected) { try VaultChange.Outcome.code("1").group() }
    #expect(throws: unexpected) { try VaultChange.Outcome.done.account() }
    #expect(throws: unexpected) { try VaultChange.Outcome.done.imported() }
  }
}
