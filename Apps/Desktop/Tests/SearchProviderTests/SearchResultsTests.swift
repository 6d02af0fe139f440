import Domain
import OTP
import SearchProvider
import TestSupport
import Testing

/// The result mapping as tables: terms to accounts, accounts to metas and KRunner's matches.
struct SearchResultsTests {
  static func account(
    _ id: String, _ issuer: String, _ name: String, favorite: Bool = false, type: OTPType = .totp
  ) -> Account {
    let otp = try! OTPParameters(type: type, secret: Array("12345678901234567890".utf8))
    return Account(id: Account.ID(id), issuer: issuer, name: name, otp: otp, favorite: favorite)
  }

  static let accounts = [
    account("a1", "GitHub", "octocat"),
    account("a2", "Zürich Bank", "alice"),
    account("a3", "Gitea", "work", favorite: true),
    account("a4", "", "bare-name"),
    account("a5", "Acme", "", type: .hotp),
    account("a6", "ZURICH Insurance", "bob"),
  ]

  @Test(
    "Terms are trimmed, empty ones dropped; none, or too many, are nothing to look for",
    arguments: [
      ([" git ", ""], ["git"] as [String]?),
      (["git", "hub"], ["git", "hub"]),
      ([], nil),
      (["", "  "], nil),
      (Array(repeating: "x", count: 33), nil),
      ([String(repeating: "x", count: 1025)], nil),
      (Array(repeating: "x", count: 32), Array(repeating: "x", count: 32)),
    ])
  func terms(given: [String], expected: [String]?) {
    #expect(SearchResults.terms(given) == expected)
  }

  @Test(
    "KRunner's query is split into words",
    arguments: [
      ("acme bank", ["acme", "bank"] as [String]?), ("  zurich\t", ["zurich"]), ("", nil), ("   ", nil),
    ])
  func queryTerms(query: String, expected: [String]?) {
    #expect(SearchResults.terms(query: query) == expected)
  }

  @Test(
    "Every term must match issuer or name, folded; favorites first",
    arguments: [
      (["git"], ["a3", "a1"]),
      (["zurich"], ["a2", "a6"]),
      (["ZÜRICH", "bob"], ["a6"]),
      (["git", "octo"], ["a1"]),
      (["git", "zurich"], []),
      (["bare"], ["a4"]),
      (["acme"], ["a5"]),
      (["a1"], ["a1"]),
      (["GitHub:octocat"], ["a1"]),
      (["nothing"], []),
    ])
  func matching(terms: [String], expected: [String]) {
    #expect(SearchResults.accounts(Self.accounts, matching: terms).map(\.id.rawValue) == expected)
  }

  @Test(
    "Accounts the narrowest term already found are matched by the other terms alone, to the same answer",
    arguments: [
      ["git"], ["zurich"], ["ZÜRICH", "bob"], ["git", "octo"], ["git", "zurich"], ["a", "a"], ["nothing"],
    ])
  func refined(terms: [String]) {
    let narrowest = SearchResults.narrowest(terms)
    let found = AccountQuery(narrowest).matches(in: Self.accounts)
    #expect(
      SearchResults.accounts(found, matched: narrowest, matching: terms)
        == SearchResults.accounts(Self.accounts, matching: terms))
  }

  @Test("At most ten results")
  func limit() {
    let many = (0..<25).map { Self.account("id\($0)", "Service \($0)", "me") }
    #expect(SearchResults.accounts(many, matching: ["service"]).count == 10)
  }

  @Test("The narrowest term is the longest")
  func narrowest() {
    #expect(SearchResults.narrowest(["a", "zurich", "bo"]) == "zurich")
  }

  @Test(
    "A meta: issuer as name; the code grouped as the window shows it, ' · ', the account name as description; the code unless HOTP",
    arguments: [
      (
        "a1", "123456",
        SearchMeta(id: "a1", name: "GitHub", description: "123 456 · octocat", clipboardText: "123456")
      ),
      (
        "a4", "654321",
        SearchMeta(id: "a4", name: "bare-name", description: "654 321", clipboardText: "654321")
      ),
      ("a5", "111111", SearchMeta(id: "a5", name: "Acme", description: "", clipboardText: nil)),
      ("a2", nil, SearchMeta(id: "a2", name: "Zürich Bank", description: "alice", clipboardText: nil)),
      (
        "a6", "12345678",
        SearchMeta(
          id: "a6", name: "ZURICH Insurance", description: "1234 5678 · bob", clipboardText: "12345678")
      ),
    ])
  func meta(id: String, code: String?, expected: SearchMeta) {
    let account = Self.accounts.first { $0.id.rawValue == id }!
    #expect(SearchResults.meta(of: account, code: code) == expected)
  }

  @Test("A meta carries the account's own icon; an HOTP account with a name shows the name alone")
  func metaIcon() throws {
    var account = Self.account("h1", "Acme", "ops", type: .hotp)
    let icon = try AccountIcon(format: .svg, bytes: IconPackFixture.svg())
    account.setIcon(icon)
    #expect(
      SearchResults.meta(of: account, code: "755224")
        == SearchMeta(id: "h1", name: "Acme", description: "ops", clipboardText: nil, icon: icon))
    #expect(SearchResults.meta(of: Self.accounts[0], code: nil).icon == nil)
  }

  @Test("Metas are of the known ids, in the order asked, each once")
  func metas() {
    let metas = SearchResults.metas(
      ids: ["a3", "unknown", "a1", "a3", ""], accounts: Self.accounts,
      codes: [Account.ID("a1"): "000001", Account.ID("a3"): "000003"])
    #expect(metas.map(\.id) == ["a3", "a1"])
    #expect(metas.map(\.clipboardText) == ["000003", "000001"])
  }

  @Test(
    "UUIDs are the vault's lowercase 8-4-4-4-12",
    arguments: [
      ("be6fa881-f448-49c6-9289-210f39e031a7", true), ("BE6FA881-F448-49C6-9289-210F39E031A7", false),
      ("be6fa881f44849c69289210f39e031a7", false), ("be6fa881-f448-49c6-9289-210f39e031a", false),
      ("ge6fa881-f448-49c6-9289-210f39e031a7", false), ("a1", false), ("", false),
    ])
  func uuid(id: String, expected: Bool) {
    #expect(SearchResults.isUUID(id) == expected)
  }

  @Test("Only the ids asked for, and not HOTP ones, need codes")
  func accountsNeedingCodes() {
    let needed = SearchResults.accountsNeedingCodes(ids: ["a5", "a1", "zz"], accounts: Self.accounts)
    #expect(needed.map(\.id.rawValue) == ["a1"])
  }

  @Test(
    "KRunner's matches: Issuer: name, the app's icon, exact match, falling relevance, the code in the subtext"
  )
  func runnerMatches() {
    let matches = SearchResults.runnerMatches(
      [Self.accounts[0], Self.accounts[3], Self.accounts[4]],
      codes: [Account.ID("a1"): "123456", Account.ID("a5"): "755224"])
    #expect(
      matches == [
        RunnerMatch(
          id: "a1", text: "GitHub: octocat", icon: "io.github.twofold.Twofold", type: 100, relevance: 1,
          subtext: "123 456 · Copy the code"),
        RunnerMatch(
          id: "a4", text: "bare-name", icon: "io.github.twofold.Twofold", type: 100, relevance: 0.99,
          subtext: "Copy the code"),
        RunnerMatch(
          id: "a5", text: "Acme", icon: "io.github.twofold.Twofold", type: 100, relevance: 0.98,
          subtext: "Copy the code"),
      ])
  }

  @Test("The notifications name the account, never the code")
  func notification() {
    let note = SearchResults.copiedNotification(Self.accounts[0], seconds: 30)
    #expect(note.summary == "Code copied")
    #expect(note.body == "GitHub: octocat: cleared from the clipboard in 30 s")
    let failed = SearchResults.notCopiedNotification(Self.accounts[0], reason: "no clipboard tool")
    #expect(failed.summary == "Code not copied")
    #expect(failed.body == "GitHub: octocat: no clipboard tool")
  }
}
