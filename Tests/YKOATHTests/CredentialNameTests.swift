import Testing
import YKOATH

/// Names as ykman's `_format_cred_id` and `_parse_cred_id` (yubikit 4.0.9) write and read them.
struct CredentialNameTests {
  @Test(
    "A name is written [PERIOD/][ISSUER:]NAME, the period only for TOTP other than 30 s",
    arguments: [
      (OATHType.totp, 30, nil, "alice", "alice"),
      (.totp, 30, "Example", "alice", "Example:alice"),
      (.totp, 60, "Example", "alice", "60/Example:alice"),
      (.totp, 15, nil, "bob", "15/bob"),
      (.hotp, 30, "Ex", "carol", "Ex:carol"),
      (.hotp, 60, "Ex", "carol", "Ex:carol"),
      (.totp, 30, "", "x", "x"),
    ] as [(OATHType, Int, String?, String, String)])
  func writes(type: OATHType, period: Int, issuer: String?, name: String, stored: String) throws {
    let credential = CredentialName(type: type, period: period, issuer: issuer, name: name)
    #expect(try credential.encoded() == Array(stored.utf8))
  }

  @Test(
    "A stored name is read with ykman's grammar",
    arguments: [
      ("60/Example:alice", OATHType.totp, "Example", "alice", 60),
      ("Example:alice", .totp, "Example", "alice", 30),
      ("alice", .totp, nil, "alice", 30),
      ("60/alice", .totp, nil, "alice", 60),
      ("a:b:c", .totp, "a", "b:c", 30),
      (":x", .totp, nil, ":x", 30),
      ("Example:", .totp, nil, "Example:", 30),
      ("60/", .totp, nil, "60/", 30),
      ("a/b:c", .totp, "a/b", "c", 30),
      ("15/:x", .totp, nil, ":x", 15),
      ("Ex:carol", .hotp, "Ex", "carol", 30),
      ("30/Ex:carol", .hotp, "30/Ex", "carol", 30),
      (":x", .hotp, "", "x", 30),
    ] as [(String, OATHType, String?, String, Int)])
  func reads(stored: String, type: OATHType, issuer: String?, name: String, period: Int) {
    let credential = CredentialName(type: type, stored: Array(stored.utf8))
    #expect(credential.issuer == issuer)
    #expect(credential.name == name)
    #expect(credential.period == period)
  }

  @Test("A zero period is no period: it stays in the name (ykman would read period 0)")
  func zeroPeriod() {
    let credential = CredentialName(type: .totp, stored: Array("0/x".utf8))
    #expect(credential.name == "0/x")
    #expect(credential.period == 30)
  }

  @Test("64 bytes of UTF-8 with the prefixes are allowed, 65 are not")
  func lengthLimit() throws {
    let sixty = String(repeating: "a", count: 57)
    #expect(try CredentialName(type: .totp, period: 60, issuer: "Ex", name: sixty).encoded().count == 63)
    let fits = CredentialName(type: .totp, period: 60, issuer: "Ex", name: sixty + "b")
    #expect(try fits.encoded().count == 64)
    let over = CredentialName(type: .totp, period: 60, issuer: "Ex", name: sixty + "é")
    #expect(throws: CredentialName.Error.tooLong(65)) { try over.encoded() }
  }

  @Test("An empty name cannot be written")
  func emptyName() {
    #expect(throws: CredentialName.Error.emptyName) {
      try CredentialName(type: .totp, issuer: "Ex", name: "").encoded()
    }
  }
}
