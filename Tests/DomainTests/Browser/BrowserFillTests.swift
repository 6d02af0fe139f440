import Domain
import Testing

@Suite("BrowserFill")
struct BrowserFillTests {
  static let github = AccountLabel(id: Account.ID("a1"), issuer: "GitHub", name: "alice", type: .totp)
  static let githubWork = AccountLabel(
    id: Account.ID("a2"), issuer: "GitHub", name: "alice-work", type: .totp)
  static let example = AccountLabel(id: Account.ID("a3"), issuer: "Example", name: "alice", type: .hotp)
  static let microsoft = AccountLabel(id: Account.ID("a4"), issuer: "Microsoft", name: "alice", type: .totp)
  static let accounts = [github, githubWork, example, microsoft]
  static let bindings = BrowserBindings(accounts: [
    example.id: ["example.org"], github.id: ["github.com"], githubWork.id: ["github.com"],
    Account.ID("gone"): ["example.org"],
  ])

  let fill = BrowserFill(list: SuffixLists.shipped)

  private func outcome(_ page: String, top: String? = nil, chosen: Account.ID? = nil) -> BrowserFill.Outcome {
    fill.fill(page: page, top: top, bindings: Self.bindings, accounts: Self.accounts, chosen: chosen).outcome
  }

  @Test(
    "A page matches the account bound to its registrable domain, on the domain or any subdomain",
    arguments: [
      "https://example.org/login", "https://www.example.org/", "https://a.b.example.org:8443/x",
      "https://EXAMPLE.ORG./",
    ])
  func matches(page: String) {
    #expect(outcome(page) == .one(Self.example.id, domain: "example.org"))
  }

  @Test(
    "Nothing else matches: lookalikes, the domain inside a longer host, another suffix (which the issuer may only suggest)",
    arguments: [
      ("https://examp1e.org/", "examp1e.org", [] as [Account.ID]),
      ("https://example.org.evil.test/", "evil.test", []),
      ("https://example.org.co/", "example.org.co", []),
      ("https://login-example.org/", "login-example.org", []),
    ])
  func lookalikes(page: String, domain: String, suggested: [Account.ID]) {
    #expect(outcome(page) == .none(domain: domain, suggestions: suggested))
  }

  @Test("Several accounts bound to the site are offered in the order given")
  func several() {
    #expect(
      outcome("https://github.com/sessions/two-factor")
        == .several([Self.github.id, Self.githubWork.id], domain: "github.com"))
  }

  @Test("A chosen account is filled only when it is matched to the page")
  func chosen() {
    #expect(
      outcome("https://github.com/", chosen: Self.githubWork.id)
        == .one(Self.githubWork.id, domain: "github.com"))
    #expect(outcome("https://github.com/", chosen: Self.example.id) == .refused(.notMatched))
    #expect(outcome("https://github.com/", chosen: Account.ID("gone")) == .refused(.notMatched))
  }

  @Test(
    "An unbound site suggests accounts by issuer or by the shipped table",
    arguments: [
      ("https://login.live.com/", "live.com", [microsoft.id]),
      ("https://login.microsoftonline.com/", "microsoftonline.com", [microsoft.id]),
      ("https://example.net/", "example.net", []),
      ("https://gitlab.com/", "gitlab.com", []),
    ])
  func suggestions(page: String, domain: String, suggested: [Account.ID]) {
    #expect(outcome(page) == .none(domain: domain, suggestions: suggested))
  }

  static let unbound = [
    AccountLabel(id: Account.ID("b1"), issuer: "GitHub", name: "alice", type: .totp),
    AccountLabel(id: Account.ID("b2"), issuer: "Example", name: "alice", type: .totp),
    AccountLabel(id: Account.ID("b3"), issuer: "Bücher", name: "alice", type: .totp),
    AccountLabel(id: Account.ID("b4"), issuer: "Zürich", name: "alice", type: .totp),
  ]

  @Test(
    "A suggestion is an unbound account whose issuer names the site: the table's domains only for an issuer it knows, an IDN label unfolded",
    arguments: [
      ("https://github.com/", [Account.ID("b1")]),
      ("https://github.co.uk/", []),
      ("https://gist.github.io/", []),
      ("https://xn--githb-nva.com/", []),  // githüb.com
      ("https://example.net/", [Account.ID("b2")]),
      ("https://xn--exmple-cua.net/", []),  // exämple.net
      ("https://xn--bcher-kva.de/", [Account.ID("b3")]),  // bücher.de
      ("https://bucher.de/", [Account.ID("b3")]),  // an ASCII label folds the issuer
      ("https://zurich.ch/", [Account.ID("b4")]),
    ])
  func suggestionRules(page: String, suggested: [Account.ID]) {
    let result = fill.fill(page: page, top: nil, bindings: BrowserBindings(), accounts: Self.unbound)
    guard case .none(_, let suggestions) = result.outcome else {
      Issue.record("\(result.outcome)")
      return
    }
    #expect(suggestions == suggested)
  }

  @Test("An account already bound to another site is never suggested")
  func boundElsewhere() {
    let bindings = BrowserBindings(accounts: [Account.ID("b1"): ["github-enterprise.example"]])
    #expect(
      fill.fill(page: "https://github.com/", top: nil, bindings: bindings, accounts: Self.unbound).outcome
        == .none(domain: "github.com", suggestions: []))
    #expect(
      fill.fill(page: "https://github.com/", top: nil, bindings: BrowserBindings(), accounts: Self.unbound)
        .outcome == .none(domain: "github.com", suggestions: [Account.ID("b1")]))
  }

  @Test(
    "Insecure, unparsable and suffix-only pages are refused",
    arguments: [
      ("http://example.org/", BrowserFill.Refusal.insecurePage), ("ftp://example.org/", .insecurePage),
      ("https://user@example.org/", .unparsableURL), ("not a url", .unparsableURL),
      ("https://github.io/", .noDomain), ("https://co.uk/", .noDomain),
    ])
  func refused(page: String, refusal: BrowserFill.Refusal) {
    #expect(outcome(page) == .refused(refusal))
  }

  @Test(
    "A frame is matched only when its site is its top page's",
    arguments: [
      ("https://login.example.org/frame", "https://www.example.org/", nil as BrowserFill.Refusal?),
      ("https://example.org/frame", "https://example.org/frame", nil),
      ("https://example.org/frame", "https://evil.test/", .crossSiteFrame),
      ("https://example.org/frame", "https://example.org.evil.test/", .crossSiteFrame),
      ("https://example.org/frame", "http://example.org/", .insecurePage),
      ("https://example.org/frame", "garbage", .unparsableURL),
    ])
  func frames(page: String, top: String, refusal: BrowserFill.Refusal?) {
    let expected =
      refusal.map { BrowserFill.Outcome.refused($0) } ?? .one(Self.example.id, domain: "example.org")
    #expect(outcome(page, top: top) == expected)
  }

  @Test("Bound accounts that no longer exist are reported, refused page or not")
  func missing() {
    for page in ["https://example.org/", "http://example.org/"] {
      let result = fill.fill(page: page, top: nil, bindings: Self.bindings, accounts: Self.accounts)
      #expect(result.missing == [Account.ID("gone")])
    }
  }

  @Test(
    "IP addresses and localhost match only when bound as such",
    arguments: [
      ("https://192.168.1.1/", "192.168.1.1"), ("https://[::1]:8443/", "[::1]"),
      ("http://localhost:3000/", "localhost"),
      ("http://127.0.0.1:8080/", "127.0.0.1"),
    ])
  func addresses(page: String, site: String) {
    let id = Self.example.id
    let bound = BrowserBindings(accounts: [id: [site]])
    #expect(
      fill.fill(page: page, top: nil, bindings: bound, accounts: Self.accounts).outcome
        == .one(id, domain: site))
    #expect(
      fill.fill(page: page, top: nil, bindings: BrowserBindings(), accounts: Self.accounts).outcome
        == .none(domain: site, suggestions: []))
  }

  @Test(
    "A bind names the registrable domain, an address, or nothing",
    arguments: [
      ("accounts.example.co.uk", "example.co.uk" as String?), ("Example.COM.", "example.com"),
      ("bücher.example", "xn--bcher-kva.example"), ("www.xn--bcher-kva.example", "xn--bcher-kva.example"),
      ("192.168.1.1", "192.168.1.1"), ("::1", "[::1]"), ("[2001:DB8::1]", "[2001:db8::1]"),
      ("localhost", "localhost"),
      ("co.uk", nil), ("github.io", nil), ("com", nil), ("", nil), ("example..com", nil),
      ("https://example.com", nil),
      ("exa mple.com", nil),
    ])
  func bindableSite(domain: String, expected: String?) {
    #expect(fill.bindableSite(domain) == expected)
  }
}
