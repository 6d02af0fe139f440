import Domain
import Testing

@Suite("AccountQuery")
struct AccountQueryTests {
  static let accounts = [
    Sample.totp("7f3e0c2a-0000-4000-8000-000000000001", issuer: "GitHub", name: "octocat"),
    Sample.totp("7f3e0c2a-0000-4000-8000-000000000002", issuer: "GitHub", name: "octocat-work"),
    Sample.totp("7f3e0c2a-0000-4000-8000-000000000003", issuer: "Gitea", name: "me"),
    Sample.totp("7f3e0c2a-0000-4000-8000-000000000004", issuer: "Zürich Bank", name: "konto"),
    Sample.totp("7f3e0c2a-0000-4000-8000-000000000005", issuer: "", name: "lonely"),
  ]

  func select(_ text: String) throws(DomainError) -> String {
    try AccountQuery(text).select(in: Self.accounts).id.rawValue
  }

  @Test(
    "A query selects by exact id first, then exact issuer:name, then a substring of issuer or name",
    arguments: [
      ("7f3e0c2a-0000-4000-8000-000000000002", "7f3e0c2a-0000-4000-8000-000000000002"),
      ("7F3E0C2A-0000-4000-8000-000000000003", "7f3e0c2a-0000-4000-8000-000000000003"),
      ("GitHub:octocat", "7f3e0c2a-0000-4000-8000-000000000001"),
      ("work", "7f3e0c2a-0000-4000-8000-000000000002"),
      ("gitea", "7f3e0c2a-0000-4000-8000-000000000003"),
      ("zurich", "7f3e0c2a-0000-4000-8000-000000000004"),
      ("KONTO", "7f3e0c2a-0000-4000-8000-000000000004"),
      ("lonely", "7f3e0c2a-0000-4000-8000-000000000005"),
    ])
  func selects(_ text: String, expected: String) throws {
    #expect(try select(text) == expected)
  }

  @Test("A query that matches several accounts is ambiguous and lists them in display order")
  func ambiguous() {
    #expect(
      throws: DomainError.ambiguous(
        "octo",
        candidates: [
          "GitHub:octocat (7f3e0c2a-0000-4000-8000-000000000001)",
          "GitHub:octocat-work (7f3e0c2a-0000-4000-8000-000000000002)",
        ])
    ) {
      try select("octo")
    }
  }

  @Test(
    "A query that matches nothing is not found", arguments: ["gitlab", "GitHub:nobody", "github:octocat:x"])
  func notFound(_ text: String) {
    #expect(throws: DomainError.notFound(text)) { try select(text) }
  }

  @Test("Matches for a list are every account the substring finds, in display order")
  func matches() {
    let found = AccountQuery("git").matches(in: Self.accounts.reversed())
    #expect(
      Sample.ids(found) == [
        "7f3e0c2a-0000-4000-8000-000000000003", "7f3e0c2a-0000-4000-8000-000000000001",
        "7f3e0c2a-0000-4000-8000-000000000002",
      ])
  }

  @Test("An exact issuer:name wins over an account whose name merely contains that text")
  func exactLabelWins() throws {
    let accounts = [
      Sample.totp("pasted", issuer: "", name: "GitHub:octocat"),
      Sample.totp("proper", issuer: "GitHub", name: "octocat"),
    ]
    #expect(try AccountQuery("GitHub:octocat").select(in: accounts).id.rawValue == "proper")
  }

  @Test("An index built once answers every query as a fresh match would, and finds positions by id")
  func index() {
    let index = AccountIndex(Self.accounts)
    for text in ["7F3E0C2A-0000-4000-8000-000000000003", "GitHub:octocat", "octo", "zurich", "", "nothing"] {
      #expect(
        Sample.ids(index.matches(AccountQuery(text)))
          == Sample.ids(AccountQuery(text).matches(in: Self.accounts)),
        "\(text)")
    }
    #expect(index.position(of: Self.accounts[3].id) == 3)
    #expect(index.position(of: Account.ID("missing")) == nil)
  }

  @Test("An exact issuer:name held by two accounts gives both, in display order, before any substring")
  func duplicateLabels() {
    let twins = [
      Sample.totp("b", issuer: "Acme", name: "me"),
      Sample.totp("a", issuer: "Acme", name: "me"),
      Sample.totp("c", issuer: "Acme", name: "me2"),
    ]
    #expect(Set(Sample.ids(AccountIndex(twins).matches(AccountQuery("Acme:me")))) == ["a", "b"])
    #expect(AccountIndex(twins).matches(AccountQuery("Acme:me")).count == 2)
  }
}
