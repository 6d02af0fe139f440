import Domain
import Testing

@Suite("ListAccounts")
struct ListAccountsTests {
  func list(_ accounts: [Account], filter: AccountFilter = AccountFilter()) throws -> [String] {
    let repository = InMemoryVaultRepository(VaultContents(accounts: accounts))
    return Sample.ids(try ListAccounts(repository: repository)(filter))
  }

  @Test("Favorites come first, then accounts by issuer ignoring case and diacritics")
  func issuerOrder() throws {
    let accounts = [
      Sample.totp("zz", issuer: "Zz"),
      Sample.totp("zurich", issuer: "Zürich"),
      Sample.totp("zoo", issuer: "Zoo"),
      Sample.totp("zebra", issuer: "zebra"),
      Sample.totp("apfel", issuer: "Äpfel"),
      Sample.totp("apple", issuer: "apple"),
      Sample.totp("yak", issuer: "Yak", favorite: true),
      Sample.totp("bank", issuer: "Bank", favorite: true),
    ]
    #expect(try list(accounts) == ["bank", "yak", "apfel", "apple", "zebra", "zoo", "zurich", "zz"])
  }

  @Test(
    "Issuers sort the same whether their accents are precomposed or combining",
    arguments: ["Zu\u{308}rich", "Z\u{FC}rich", "ZÜRICH"])
  func combiningMarks(zurich: String) throws {
    let accounts = [
      Sample.totp("zz", issuer: "Zz"), Sample.totp("zurich", issuer: zurich),
      Sample.totp("zoo", issuer: "Zoo"),
    ]
    #expect(try list(accounts) == ["zoo", "zurich", "zz"])
  }

  @Test("Accounts of one issuer are ordered by name ignoring case, then by id")
  func nameOrder() throws {
    let accounts = [
      Sample.totp("c", issuer: "Mail", name: "bob"),
      Sample.totp("b", issuer: "mail", name: "Bob"),
      Sample.totp("a", issuer: "Mail", name: "Émile"),
      Sample.totp("d", issuer: "MAIL", name: "alice"),
    ]
    #expect(try list(accounts) == ["d", "b", "c", "a"])
  }

  @Test("Listing hands the filter's accounts back in display order")
  func filteredAndSorted() throws {
    let accounts = [
      Sample.totp("2", issuer: "Work Mail", name: "z"),
      Sample.totp("1", issuer: "Bank"),
      Sample.totp("3", issuer: "Home mail", name: "a"),
    ]
    #expect(try list(accounts, filter: AccountFilter(text: "MAIL")) == ["3", "2"])
  }
}

@Suite("AccountFilter")
struct AccountFilterTests {
  static let contents = VaultContents(
    accounts: [
      Sample.totp("github", issuer: "GitHub", name: "octocat", groups: ["g-work"]),
      Sample.totp("bank", issuer: "Crédit Mutuel", name: "compte", note: "card ends 4242"),
      Sample.totp("mail", issuer: "Proton", name: "alice@proton.me", groups: ["g-home", "g-work"]),
      Sample.totp("steam", issuer: "Steam", name: "gamer"),
    ],
    groups: [
      AccountGroup(id: .init("g-work"), name: "Work"), AccountGroup(id: .init("g-home"), name: "Famille"),
    ])

  @Test(
    "Search text matches issuer, name, note or group name, ignoring case and diacritics",
    arguments: [
      ("", ["github", "bank", "mail", "steam"]),
      ("   ", ["github", "bank", "mail", "steam"]),
      ("hub", ["github"]),
      ("OCTO", ["github"]),
      ("credit", ["bank"]),
      ("4242", ["bank"]),
      ("work", ["github", "mail"]),
      ("famille", ["mail"]),
      (" proton ", ["mail"]),
      ("am", ["mail", "steam"]),
      ("nothing like it", []),
    ])
  func text(_ text: String, expected: [String]) {
    let found = AccountFilter(text: text).apply(to: Self.contents)
    #expect(Sample.ids(found) == expected)
  }

  @Test("A group narrows the accounts to that group's members, before the text applies")
  func group() {
    #expect(Sample.ids(AccountFilter(group: .init("g-work")).apply(to: Self.contents)) == ["github", "mail"])
    #expect(Sample.ids(AccountFilter(text: "octo", group: .init("g-home")).apply(to: Self.contents)) == [])
    #expect(Sample.ids(AccountFilter(group: .init("no-such-group")).apply(to: Self.contents)) == [])
  }
}
