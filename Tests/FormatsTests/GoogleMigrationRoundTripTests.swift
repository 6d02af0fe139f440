import Domain
import Formats
import OTP
import Testing

/// Accounts written as Google transfer URIs read back with the same issuer, name and parameters.
@Suite struct GoogleMigrationRoundTripTests {
  @Test(
    "Issuer and name survive the transfer format",
    arguments: [
      ("", "alice"),
      ("ACME", "alice"),
      ("ACME", "team:alice"),
      ("", "ncoding: demo"),  // a colon with no issuer: found by fuzzing
      ("", ":leading"),
      ("", "a:b:c"),
      ("Zürich", "東京"),
    ])
  func names(issuer: String, name: String) throws {
    let otp = try OTPParameters(
      type: .totp, secret: [1, 2, 3, 4, 5], algorithm: .sha256, digits: 8, period: 30)
    let account = Account(id: Account.ID("a"), issuer: issuer, name: name, otp: otp)
    let (uris, unfit) = GoogleMigration.encode([account], batchID: 3)
    #expect(unfit.isEmpty && uris.count == 1)
    let back = try #require(try GoogleMigration.decode(uris[0]).candidates.first?.account)
    #expect(back.issuer == issuer)
    #expect(back.name == name)
    #expect(back.otp == otp)
  }
}
