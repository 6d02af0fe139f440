import BrowserHost
import Domain
import Testing

@Suite("Host session: fill")
struct HostSessionFillTests {
  typealias F = HostFixture

  @Test("the one account bound to the page's registrable domain gets its code and seconds left")
  func oneBound() {
    let fixture = HostFixture()
    #expect(
      fixture.answer(F.fill("https://login.github.com/session"))
        == .code(.init(label: F.label(F.github), code: "287082", secondsLeft: 1)))
  }

  @Test("an HOTP code is filled once: its counter is saved, the next fill gives the next code")
  func hotpAdvances() {
    let fixture = HostFixture()
    #expect(
      fixture.answer(F.fill("https://bank.co.uk/"))
        == .code(.init(label: F.label(F.bank), code: "755224", secondsLeft: nil)))
    #expect(fixture.vault.accounts.first { $0.id == F.bank }?.otp.counter == 1)
    #expect(
      fixture.answer(F.fill("https://www.bank.co.uk/otp"))
        == .code(.init(label: F.label(F.bank), code: "287082", secondsLeft: nil)))
  }

  @Test("several accounts bound to the site: a chooser of labels, no code")
  func several() {
    #expect(
      HostFixture().answer(F.fill("https://example.org/"))
        == .choose(domain: "example.org", accounts: [F.label(F.workOne), F.label(F.workTwo)]))
  }

  @Test("the account chosen from the chooser gets its code")
  func chosen() {
    #expect(
      HostFixture().answer(F.fill("https://sso.example.org/", id: F.workTwo))
        == .code(.init(label: F.label(F.workTwo), code: "287082", secondsLeft: 1)))
  }

  @Test(
    "a chosen account not matched to the page is refused, whatever it is",
    arguments: [F.github, F.gitlab, F.deleted, Account.ID("not an id")])
  func chosenNotMatched(id: Account.ID) {
    let fixture = HostFixture()
    #expect(fixture.answer(F.fill("https://example.org/", id: id)) == .refused(.notMatched))
    #expect(fixture.vault.accounts.first { $0.id == F.bank }?.otp.counter == 0)
  }

  @Test("a site no account is bound to: no account, with the accounts its issuer suggests")
  func noAccount() {
    #expect(
      HostFixture().answer(F.fill("https://gitlab.com/users/sign_in"))
        == .noAccount(domain: "gitlab.com", suggestions: [F.label(F.gitlab)]))
    #expect(
      HostFixture().answer(F.fill("https://unknown.test/"))
        == .noAccount(domain: "unknown.test", suggestions: []))
  }

  @Test(
    "lookalikes and the bound domain inside a longer host match nothing",
    arguments: [
      "https://githuub.com/", "https://github.com.evil.test/", "https://github.co.uk/",
      "https://evilgithub.com/",
      "https://github.io/x", "https://bank.co.uk.example.org/",
    ])
  func lookalikes(url: String) {
    switch HostFixture().answer(F.fill(url)) {
    case .noAccount, .choose(domain: "example.org", _): break
    case .refused(.noDomain): break
    case let other: Issue.record("\(url) answered \(other)")
    }
    if case .code = HostFixture().answer(F.fill(url)) { Issue.record("\(url) got a code") }
  }

  @Test(
    "pages refused before the vault is read",
    arguments: [
      ("http://github.com/", nil, BrowserFill.Refusal.insecurePage),
      ("ftp://github.com/", nil, .insecurePage),
      ("javascript:alert(1)", nil, .insecurePage),
      ("https://github.com@evil.test/", nil, .unparsableURL),
      ("not a url", nil, .unparsableURL),
      ("https://evil.test/frame", "https://github.com/", .crossSiteFrame),
      ("https://github.com/frame", "https://evil.test/", .crossSiteFrame),
      ("https://github.com/frame", "http://github.com/", .insecurePage),
      ("https://co.uk/", nil, .noDomain),
    ] as [(String, String?, BrowserFill.Refusal)])
  func refusedPages(url: String, top: String?, refusal: BrowserFill.Refusal) {
    let fixture = HostFixture(vault: FakeVault(F.accounts, state: .locked))
    #expect(fixture.answer(F.fill(url, top: top)) == .refused(refusal))
    #expect(fixture.vault.reads == 0)
  }

  @Test(
    "the accounts bound to a site are asked for by id with their codes in one request, a deleted one's binding dropped"
  )
  func boundAccountsInOneRequest() {
    var bindings = F.bindings
    bindings.bind(F.deleted, to: "example.org")
    let fixture = HostFixture(bindings: bindings)
    guard case .choose(domain: "example.org", let choices) = fixture.answer(F.fill("https://example.org/"))
    else {
      Issue.record("no chooser")
      return
    }
    #expect(choices.count == 2)
    #expect(fixture.vault.askedByID == [[F.workOne, F.workTwo, F.deleted].sorted()])
    #expect(fixture.vault.reads == 1)
    #expect(fixture.changes == [.dropAccounts([F.deleted])])
  }

  @Test("a same-site frame is filled")
  func sameSiteFrame() {
    #expect(
      HostFixture().answer(F.fill("https://auth.github.com/frame", top: "https://github.com/login"))
        == .code(.init(label: F.label(F.github), code: "287082", secondsLeft: 1)))
  }

  @Test("a locked vault (no agent holds it, or none runs) answers locked")
  func locked() {
    let fixture = HostFixture(vault: FakeVault(F.accounts, state: .locked))
    #expect(fixture.answer(F.fill("https://github.com/")) == .locked)
    #expect(
      fixture.answer(#"{"version":1,"type":"codes","url":"https://github.com/","top":"https://github.com/"}"#)
        == .locked)
  }

  @Test("an agent that failed is an error with its reason, not a code")
  func agentFailure() {
    let fixture = HostFixture(
      vault: FakeVault(F.accounts, state: .failing(.storage("the agent did not answer: timed out"))))
    #expect(fixture.answer(F.fill("https://github.com/")) == .error("the agent did not answer: timed out"))
    fixture.vault.set(.failing(.vaultMissing))
    #expect(
      fixture.answer(F.fill("https://github.com/")) == .error("there is no vault yet: run 'twofold init'"))
  }

  @Test("a binding of a deleted account is dropped with a warning, the rest kept")
  func deletedAccountDropped() {
    var bindings = F.bindings
    bindings.bind(F.deleted, to: "github.com")
    let fixture = HostFixture(bindings: bindings)
    #expect(
      fixture.answer(F.fill("https://github.com/"))
        == .code(.init(label: F.label(F.github), code: "287082", secondsLeft: 1)))
    #expect(fixture.changes == [.dropAccounts([F.deleted])])
    #expect(fixture.bindings == F.bindings)
    #expect(fixture.warnings == ["warning: dropped the bindings of deleted accounts: \(F.deleted.rawValue)"])
    _ = fixture.answer(F.fill("https://github.com/"))
    #expect(fixture.changes.count == 1)
  }

  @Test("a deleted account's id selects no other account, even one named by that id")
  func deletedIDNamesAnother() {
    var bindings = F.bindings
    bindings.bind(F.deleted, to: "github.com")
    bindings.bind(F.deleted, to: "gone.test")
    let impostor = Account(
      id: Account.ID("00000000-0000-4000-8000-00000000beef"), issuer: "Impostor", name: F.deleted.rawValue,
      otp: F.accounts[0].otp)
    let fixture = HostFixture(vault: FakeVault(F.accounts + [impostor]), bindings: bindings)
    #expect(
      fixture.answer(F.fill("https://github.com/"))
        == .code(.init(label: F.label(F.github), code: "287082", secondsLeft: 1)))
    #expect(fixture.answer(F.fill("https://gone.test/")) == .noAccount(domain: "gone.test", suggestions: []))
    #expect(fixture.changes == [.dropAccounts([F.deleted])])
    #expect(fixture.bindings == F.bindings)
  }

  @Test("a site whose only bound account was deleted has no account, and its binding is dropped")
  func onlyBoundAccountDeleted() {
    var bindings = F.bindings
    bindings.bind(F.deleted, to: "gitlab.com")
    let fixture = HostFixture(bindings: bindings)
    #expect(
      fixture.answer(F.fill("https://gitlab.com/"))
        == .noAccount(domain: "gitlab.com", suggestions: [F.label(F.gitlab)]))
    #expect(fixture.changes == [.dropAccounts([F.deleted])])
  }

  @Test("a damaged bindings file is an error naming it, and nothing is written")
  func damagedBindings() {
    let fixture = HostFixture()
    let failure = HostPorts.Failure("/home/u/.config/twofold/browser.json line 3: unexpected character")
    fixture.set(bindings: .failure(failure))
    for request in [
      F.fill("https://github.com/"), #"{"version":1,"type":"settings"}"#,
      #"{"version":1,"type":"bind","url":"https://github.com/","id":"\#(F.gitlab.rawValue)","domain":"github.com"}"#,
      #"{"version":1,"type":"site","url":"https://github.com/","top":"https://github.com/"}"#,
    ] {
      #expect(fixture.answer(request) == .error(failure.message))
    }
    #expect(fixture.changes.isEmpty)
  }

  @Test("no answer holds a secret or the code of an account not matched to the page")
  func nothingLeaks() {
    let fixture = HostFixture()
    let requests = [
      F.fill("https://example.org/"), F.fill("https://gitlab.com/"), F.fill("https://evil.test/"),
      F.fill("https://example.org/", id: F.github),
      #"{"version":1,"type":"codes","url":"https://gitlab.com/","top":"https://gitlab.com/"}"#,
      #"{"version":1,"type":"suggest","url":"https://example.org/","top":"https://example.org/"}"#,
      #"{"version":1,"type":"site","url":"https://example.org/","top":"https://example.org/"}"#,
      #"{"version":1,"type":"accounts"}"#,
    ]
    for request in requests {
      let text = String(decoding: fixture.answer(request).message, as: UTF8.self)
      #expect(!text.contains("287082") && !text.contains("755224"), "\(request) -> \(text)")
      #expect(!text.contains("GEZDGNBVGY3TQOJQ") && !text.contains("otpauth"))
    }
  }
}
