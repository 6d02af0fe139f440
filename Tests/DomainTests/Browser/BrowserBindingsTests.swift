import Domain
import Testing

@Suite("BrowserBindings")
struct BrowserBindingsTests {
  let alice = Account.ID("00000000-0000-4000-8000-00000000000a")
  let bob = Account.ID("00000000-0000-4000-8000-00000000000b")

  @Test("Binding twice keeps one binding, in the order bound")
  func bind() {
    var bindings = BrowserBindings()
    let added = bindings.bind(alice, to: "example.com")
    #expect(added)
    let addedOther = bindings.bind(alice, to: "example.org")
    #expect(addedOther)
    let addedAgain = bindings.bind(alice, to: "example.com")
    #expect(!addedAgain)
    #expect(bindings.accounts == [alice: ["example.com", "example.org"]])
    #expect(bindings.isBound(alice, to: "example.org"))
    #expect(!bindings.isBound(bob, to: "example.org"))
  }

  @Test("Unbinding one domain keeps the others; the last one removes the account")
  func unbindOne() {
    var bindings = BrowserBindings(accounts: [alice: ["example.com", "example.org"]])
    let removed = bindings.unbind(alice, from: "example.com")
    #expect(removed == ["example.com"])
    let removedAgain = bindings.unbind(alice, from: "example.com")
    #expect(removedAgain == [])
    #expect(bindings.accounts == [alice: ["example.org"]])
    let removedLast = bindings.unbind(alice, from: "example.org")
    #expect(removedLast == ["example.org"])
    #expect(bindings.accounts.isEmpty)
  }

  @Test("Unbinding without a domain removes every binding of the account")
  func unbindAll() {
    var bindings = BrowserBindings(accounts: [alice: ["example.com", "example.org"], bob: ["example.com"]])
    let removedAll = bindings.unbind(alice)
    #expect(removedAll == ["example.com", "example.org"])
    let removedNone = bindings.unbind(alice)
    #expect(removedNone == [])
    #expect(bindings.accounts == [bob: ["example.com"]])
  }

  @Test("Bindings of deleted accounts are named and dropped")
  func dropMissing() {
    var bindings = BrowserBindings(accounts: [alice: ["example.com"], bob: ["example.org"]], autofill: true)
    #expect(bindings.missingAccounts(existing: [alice]) == [bob])
    let dropped = bindings.dropMissingAccounts(existing: [alice])
    #expect(dropped == [bob])
    #expect(bindings == BrowserBindings(accounts: [alice: ["example.com"]], autofill: true))
  }
}
