import Domain
import OTP
import Testing

@Suite("AccountQuery: the exact issuer a bind prefers")
struct AccountQueryIssuerTests {
  static func account(_ id: String, _ issuer: String, _ name: String) -> Account {
    Account(
      id: Account.ID(id), issuer: issuer, name: name,
      otp: try! OTPParameters(type: .totp, secret: Array("12345678901234567890".utf8)))
  }

  static let github = account("a1", "GitHub", "mona")
  static let pages = account("a2", "Pages", "someone.github.io")
  static let githubWork = account("a3", "GitHub", "work")

  @Test("Several match and one's issuer is the query, ignoring case: that one")
  func exactIssuerWins() throws {
    let query = AccountQuery("github")
    let found = query.matches(in: [Self.github, Self.pages])
    #expect(found.count == 2)
    #expect(try query.selectPreferringIssuer(among: found) == Self.github)
    #expect(throws: DomainError.self) { try query.select(among: found) }
  }

  @Test("Several with that issuer stay ambiguous; none with it, as select says")
  func stillAmbiguous() {
    let query = AccountQuery("GitHub")
    let found = query.matches(in: [Self.github, Self.githubWork, Self.pages])
    #expect(throws: DomainError.self) { try query.selectPreferringIssuer(among: found) }
    let other = AccountQuery("git")
    #expect(throws: DomainError.self) {
      try other.selectPreferringIssuer(among: other.matches(in: [Self.github, Self.pages]))
    }
  }
}
