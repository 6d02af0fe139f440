import Domain
import Formats
import Testing

@Suite("What each importer makes of an entry")
struct ImporterBehaviourTests {
  /// Imports `text` with the importer for `format` and returns its candidates.
  func candidates(_ format: String, _ text: String) throws -> [ImportCandidate] {
    let importer = try #require(FormatRegistry.formats.first { $0.format == format })
    return try importer.candidates(from: ImportFile(name: "input", bytes: Array(text.utf8)), password: .none)
  }

  func accounts(_ format: String, _ text: String) throws -> [FixtureAccount] {
    try candidates(format, text).compactMap(\.account).map(FixtureAccount.init)
  }

  @Test("MD5 on a TOTP entry is read as SHA1, and an Hmac prefix is dropped")
  func md5IsSHA1() throws {
    let twoFAS = try accounts(
      "2fas", #"{"schemaVersion": 4, "services": [{"secret": "JBSWY3DP", "otp": {"algorithm": "MD5"}}]}"#)
    #expect(twoFAS.map(\.algorithm) == ["SHA1"])
    let andOTP = try accounts(
      "andotp",
      #"""
      [{"secret": "JBSWY3DP", "type": "HOTP", "algorithm": "HmacSHA256", "counter": 4, "issuer": "",
        "label": "x"}]
      """#
    )
    #expect(andOTP.map(\.algorithm) == ["SHA256"])
    #expect(andOTP.map(\.counter) == [4])
  }

  @Test("A FreeOTP TOTP token issued by Steam is a Steam account; a HOTP counter is stored + 1")
  func freeOTPSteamAndCounter() throws {
    let accounts = try accounts(
      "freeotp-plus",
      #"""
      {"tokens": [{"type": "TOTP", "issuerExt": "Steam", "label": "me", "secret": [1, 2, 3], "digits": 5,
        "algo": "SHA1", "period": 30},
        {"type": "HOTP", "issuerExt": "I", "label": "h", "secret": [-1], "counter": 0}]}
      """#)
    #expect(accounts.map(\.type) == ["steam", "hotp"])
    #expect(accounts.map(\.digits) == [5, 6])
    #expect(accounts.last?.counter == 1)
    #expect(accounts.last?.secret == "74")
  }

  @Test("A bare Bitwarden secret is named after the item and its username; steam:// after the username")
  func bitwardenBareSecret() throws {
    let accounts = try accounts(
      "bitwarden",
      #"""
      {"items": [{"name": "Shop", "login": {"username": "ann", "totp": "jbsw y3dp"}},
        {"name": "Game", "login": {"username": "bob", "totp": "steam://JBSWY3DP"}}]}
      """#)
    #expect(accounts.map { "\($0.type) \($0.issuer):\($0.name)" } == ["totp Shop:ann", "steam Steam:bob"])
  }

  @Test("An old andOTP label `Issuer - Name` is split at its first separator")
  func andOTPOldLabel() throws {
    let accounts = try accounts(
      "andotp", #"[{"secret": "JBSWY3DP", "type": "TOTP", "label": "Deno - Deno:Mason - x", "period": 30}]"#)
    #expect(accounts.map(\.issuer) == ["Deno"])
    #expect(accounts.map(\.name) == ["Deno:Mason - x"])
  }

  @Test("A Duo counter is kept as stored and the issuer is empty")
  func duoCounter() throws {
    let accounts = try accounts(
      "duo", #"[{"name": "n", "otpGenerator": {"otpSecret": "JBSWY3DP", "counter": 7}}]"#)
    #expect(accounts.map(\.counter) == [7])
    #expect(accounts.map(\.issuer) == [""])
  }

  @Test("A failed entry is labelled Issuer:Name when known, else by its position")
  func failureLabels() throws {
    let failed = try candidates(
      "andotp",
      #"[{"secret": "!", "type": "TOTP", "issuer": "I", "label": "N"}, {"secret": "!", "type": "TOTP"}]"#)
    #expect(failed.map(\.label) == ["I:N", "entry 2"])
    #expect(failed.allSatisfy { $0.account == nil && $0.problem?.isEmpty == false })
  }

  @Test("Every importer's format is its CLI name, and detection keeps URI lists last")
  func registryOrder() {
    let names = FormatRegistry.formats.map(\.format)
    for name in [
      "2fas", "andotp", "bitwarden", "freeotp-plus", "freeotp", "freeotp2", "proton", "duo", "steam",
      "battlenet",
    ] {
      #expect(names.contains(name))
    }
    #expect(names.suffix(2) == ["google", "uris"])
  }
}
