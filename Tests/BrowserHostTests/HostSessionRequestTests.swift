import BrowserHost
import Domain
import OTP
import Testing

@Suite("Host session: the popup, binding, unlock and bad messages")
struct HostSessionRequestTests {
  typealias F = HostFixture

  static func request(_ type: String, _ url: String) -> String {
    #"{"version":1,"type":"\#(type)","url":"\#(url)","top":"\#(url)"}"#
  }

  @Test("codes: every matched account with its code; an HOTP one without, its counter untouched")
  func codes() {
    let fixture = HostFixture()
    #expect(
      fixture.answer(Self.request("codes", "https://example.org/"))
        == .codes(
          domain: "example.org",
          accounts: [
            .init(label: F.label(F.workOne), code: "287082", secondsLeft: 1),
            .init(label: F.label(F.workTwo), code: "287082", secondsLeft: 1),
          ]))
    #expect(
      fixture.answer(Self.request("codes", "https://bank.co.uk/"))
        == .codes(
          domain: "bank.co.uk", accounts: [.init(label: F.label(F.bank), code: nil, secondsLeft: nil)]))
    #expect(fixture.vault.accounts.first { $0.id == F.bank }?.otp.counter == 0)
    #expect(
      fixture.answer(Self.request("codes", "https://gitlab.com/"))
        == .noAccount(domain: "gitlab.com", suggestions: [F.label(F.gitlab)]))
    #expect(fixture.answer(Self.request("codes", "http://example.org/")) == .refused(.insecurePage))
  }

  @Test("suggest: the matched accounts' labels, never a code")
  func suggest() {
    let fixture = HostFixture()
    #expect(
      fixture.answer(Self.request("suggest", "https://github.com/"))
        == .choose(domain: "github.com", accounts: [F.label(F.github)]))
    #expect(
      fixture.answer(Self.request("suggest", "https://example.org/"))
        == .choose(domain: "example.org", accounts: [F.label(F.workOne), F.label(F.workTwo)]))
    #expect(
      fixture.answer(Self.request("suggest", "https://gitlab.com/"))
        == .noAccount(domain: "gitlab.com", suggestions: [F.label(F.gitlab)]))
  }

  static func bind(_ url: String, _ id: Account.ID, domain: String = "gitlab.com") -> String {
    #"{"version":1,"type":"bind","url":"\#(url)","id":"\#(id.rawValue)","domain":"\#(domain)"}"#
  }

  @Test("bind: the account is bound to the page's registrable domain, then filled there")
  func bind() {
    let fixture = HostFixture()
    #expect(
      fixture.answer(Self.bind("https://gitlab.com/users/sign_in", F.gitlab))
        == .bound(domain: "gitlab.com", id: F.gitlab))
    var expected = F.bindings
    expected.bind(F.gitlab, to: "gitlab.com")
    #expect(fixture.changes == [.bind(F.gitlab, to: "gitlab.com")])
    #expect(fixture.bindings == expected)
    #expect(
      fixture.answer(F.fill("https://about.gitlab.com/"))
        == .code(.init(label: F.label(F.gitlab), code: "287082", secondsLeft: 1)))
  }

  @Test("bind refuses a page it would refuse to fill, an unknown account and a locked vault")
  func bindRefused() {
    let fixture = HostFixture()
    #expect(fixture.answer(Self.bind("http://gitlab.com/", F.gitlab)) == .refused(.insecurePage))
    #expect(fixture.answer(Self.bind("https://co.uk/", F.gitlab, domain: "co.uk")) == .refused(.noDomain))
    #expect(
      fixture.answer(Self.bind("https://gitlab.com/", F.deleted))
        == .error("no account has the id \(F.deleted.rawValue)"))
    fixture.vault.set(.locked)
    #expect(fixture.answer(Self.bind("https://gitlab.com/", F.gitlab)) == .locked)
    #expect(fixture.changes.isEmpty)
  }

  @Test("bind binds only the domain the person confirmed: a tab that left it binds nothing")
  func bindConfirmedDomain() {
    let fixture = HostFixture()
    #expect(
      fixture.answer(Self.bind("https://gitlab.test/users/sign_in", F.gitlab, domain: "gitlab.com"))
        == .refused(.siteChanged))
    #expect(
      fixture.answer(Self.bind("https://gitlab.com.evil.test/", F.gitlab, domain: "gitlab.com"))
        == .refused(.siteChanged))
    #expect(
      fixture.answer(Self.bind("https://about.gitlab.com/", F.gitlab, domain: "about.gitlab.com"))
        == .refused(.siteChanged))
    #expect(
      fixture.answer(#"{"version":1,"type":"bind","url":"https://gitlab.com/","id":"\#(F.gitlab.rawValue)"}"#)
        == .error("the request needs 'domain' as a string"))
    #expect(fixture.changes.isEmpty)
    // An issuer the table does not know is suggested on both forge.test and forge.dev: only the
    // one confirmed is bound, whatever the tab shows by the click.
    let forge = Account(
      id: Account.ID("00000000-0000-4000-8000-0000000000f0"), issuer: "Forge", name: "dave",
      otp: try! OTPParameters(type: .totp, secret: F.secret))
    let forges = HostFixture(vault: FakeVault(F.accounts + [forge]))
    #expect(
      forges.answer(Self.bind("https://forge.dev/", forge.id, domain: "forge.test")) == .refused(.siteChanged)
    )
    #expect(forges.changes.isEmpty)
    #expect(
      forges.answer(Self.bind("https://forge.test/", forge.id, domain: "forge.test"))
        == .bound(domain: "forge.test", id: forge.id))
  }

  @Test("bind binds only an account the host suggests for the site (or one bound there already)")
  func bindOnlySuggested() {
    let fixture = HostFixture()
    // GitHub's account is bound to github.com: never suggested elsewhere, so never bound there.
    #expect(
      fixture.answer(Self.bind("https://github.co.uk/", F.github, domain: "github.co.uk"))
        == .refused(.notSuggested))
    #expect(
      fixture.answer(Self.bind("https://gitlab.com/", F.github, domain: "gitlab.com"))
        == .refused(.notSuggested))
    #expect(fixture.changes.isEmpty)
    #expect(
      fixture.answer(Self.bind("https://github.com/", F.github, domain: "github.com"))
        == .bound(domain: "github.com", id: F.github))
    #expect(fixture.changes.isEmpty)
  }

  static func site(_ url: String, top: String? = nil) -> String {
    #"{"version":1,"type":"site","url":"\#(url)","top":"\#(top ?? url)"}"#
  }

  @Test("site: whether an account is bound to the frame's site, from the bindings alone")
  func site() {
    let fixture = HostFixture(vault: FakeVault(F.accounts, state: .locked))
    #expect(
      fixture.answer(Self.site("https://login.github.com/")) == .site(domain: "github.com", bound: true))
    #expect(fixture.answer(Self.site("https://github.co.uk/")) == .site(domain: "github.co.uk", bound: false))
    #expect(fixture.answer(Self.site("https://githuh.com/")) == .site(domain: "githuh.com", bound: false))
    #expect(
      fixture.answer(Self.site("https://github.com/", top: "https://evil.test/")) == .refused(.crossSiteFrame)
    )
    #expect(fixture.answer(Self.site("http://github.com/")) == .refused(.insecurePage))
    #expect(fixture.vault.reads == 0)
  }

  @Test("accounts: every account's label, type and icon, never a code, in list order")
  func accounts() {
    let fixture = HostFixture()
    guard case .accounts(let listed) = fixture.answer(#"{"version":1,"type":"accounts"}"#) else {
      Issue.record("not a listing")
      return
    }
    #expect(listed.map(\.label.issuer) == ["Bank", "GitHub", "GitLab", "Work", "Work"])
    #expect(listed.map(\.type) == ["hotp", "totp", "totp", "totp", "totp"])
    #expect(listed.allSatisfy { $0.icon == nil })
    let json = String(decoding: fixture.answer(#"{"version":1,"type":"accounts"}"#).message, as: UTF8.self)
    #expect(!json.contains("287082") && !json.contains("secret"))
    #expect(fixture.vault.accounts.first { $0.id == F.bank }?.otp.counter == 0)
  }

  static func copy(_ id: Account.ID) -> String { #"{"version":1,"type":"copy","id":"\#(id.rawValue)"}"# }

  @Test("copy: any account's code goes on the clipboard, never in the answer; an HOTP counter advances")
  func copy() {
    let fixture = HostFixture()
    fixture.set(copy: .copied(clearedAfter: 30))
    #expect(fixture.answer(Self.copy(F.gitlab)) == .copied(F.label(F.gitlab), clearedAfter: 30))
    #expect(fixture.answer(Self.copy(F.bank)) == .copied(F.label(F.bank), clearedAfter: 30))
    #expect(fixture.copied == ["287082", "755224"])
    #expect(fixture.vault.accounts.first { $0.id == F.bank }?.otp.counter == 1)
    #expect(fixture.answer(Self.copy(F.deleted)) == .error("no account has the id \(F.deleted.rawValue)"))
  }

  @Test("copy without a clipboard tool hands the code to the popup; a locked vault copies nothing")
  func copyInTheBrowser() {
    let fixture = HostFixture()
    #expect(
      fixture.answer(Self.copy(F.github))
        == .code(.init(label: F.label(F.github), code: "287082", secondsLeft: 1)))
    fixture.vault.set(.locked)
    #expect(fixture.answer(Self.copy(F.github)) == .locked)
    #expect(fixture.copied == ["287082"])
  }

  @Test(
    "unlock answers what the askpass unlock gave",
    arguments: [
      (HostPorts.UnlockOutcome.unlocked, HostAnswer.unlocked), (.cancelled, .cancelled),
      (.failed("no askpass"), .error("cannot unlock: no askpass")),
    ])
  func unlock(outcome: HostPorts.UnlockOutcome, answer: HostAnswer) {
    let fixture = HostFixture()
    fixture.set(unlock: outcome)
    #expect(fixture.answer(#"{"version":1,"type":"unlock"}"#) == answer)
    #expect(fixture.unlocks == 1)
  }

  @Test("a locked vault, unlocked through askpass, then fills")
  func lockedThenUnlocked() {
    let fixture = HostFixture(vault: FakeVault(F.accounts, state: .locked))
    #expect(fixture.answer(F.fill("https://github.com/")) == .locked)
    fixture.vault.set(.open)
    #expect(fixture.answer(#"{"version":1,"type":"unlock"}"#) == .unlocked)
    #expect(
      fixture.answer(F.fill("https://github.com/"))
        == .code(.init(label: F.label(F.github), code: "287082", secondsLeft: 1)))
  }

  @Test("settings: whether autofill is on")
  func settings() {
    var bindings = F.bindings
    bindings.autofill = true
    #expect(
      HostFixture(bindings: bindings).answer(#"{"version":1,"type":"settings"}"#) == .settings(autofill: true)
    )
    #expect(HostFixture().answer(#"{"version":1,"type":"settings"}"#) == .settings(autofill: false))
  }

  @Test(
    "malformed, unknown and other-version messages are errors",
    arguments: [
      ("{", "the message is not a JSON object: unexpected end of input at byte 1"),
      (#"{"version":2,"type":"fill"}"#, "the message is of protocol version 2; this host speaks version 1"),
      (#"{"version":1,"type":"export"}"#, "unknown request type 'export'"),
      (#"{"version":1,"type":"fill","url":"https://github.com/"}"#, "the request needs 'top' as a string"),
    ])
  func badMessages(json: String, message: String) {
    let fixture = HostFixture()
    #expect(fixture.answer(json) == .error(message))
    #expect(fixture.vault.reads == 0)
  }

  @Test("serve answers each message in order, an oversized one with an error, until the input ends")
  func serve() {
    let fixture = HostFixture()
    let big = [UInt8](repeating: UInt8(ascii: " "), count: NativeMessaging.messageLimit + 1)
    let input =
      NativeMessaging.frame(Array(F.fill("https://github.com/").utf8)) + NativeMessaging.frame(big)
      + NativeMessaging.frame(Array("nonsense".utf8))
      + NativeMessaging.frame(Array(#"{"version":1,"type":"settings"}"#.utf8))
    var written: [[UInt8]] = []
    fixture.session.serve(NativeMessageReader(bytes: input)) { answer in
      written.append(answer)
      return true
    }
    let answers = written.map { frame -> String in
      #expect(NativeMessaging.frame(Array(frame.dropFirst(4))) == frame)
      return String(decoding: frame.dropFirst(4), as: UTF8.self)
    }
    #expect(answers.count == 4)
    #expect(answers.first?.contains(#""type":"code""#) == true)
    #expect(
      answers.dropFirst().first
        == #"{"version":1,"type":"error","message":"the message of 65537 bytes is over the limit of 65536 bytes"}"#
    )
    #expect(answers.dropFirst(2).first?.contains(#""type":"error""#) == true)
    #expect(answers.last == #"{"version":1,"type":"settings","autofill":false}"#)
  }

  @Test("serve stops when the input ends inside a message, or the browser stops reading")
  func serveStops() {
    let fixture = HostFixture()
    var count = 0
    let message = NativeMessaging.frame(Array(#"{"version":1,"type":"settings"}"#.utf8))
    fixture.session.serve(NativeMessageReader(bytes: message + message.dropLast())) { _ in
      count += 1
      return true
    }
    #expect(count == 1)
    #expect(fixture.warnings == ["the browser closed the connection inside a message"])
    count = 0
    fixture.session.serve(NativeMessageReader(bytes: message + message)) { _ in
      count += 1
      return false
    }
    #expect(count == 1)
  }
}
