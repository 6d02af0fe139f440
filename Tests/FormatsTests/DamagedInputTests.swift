import Domain
import Formats
import Testing

/// A made-up input for one format and what importing it must come to.
struct DamagedInput: Sendable, CustomTestStringConvertible {
  let format: String
  let what: String
  let bytes: [UInt8]
  let expected: ImportOutcome.Kind

  init(_ format: String, _ what: String, _ text: String, _ expected: ImportOutcome.Kind) {
    self.init(format, what, Array(text.utf8), expected)
  }

  init(_ format: String, _ what: String, _ bytes: [UInt8], _ expected: ImportOutcome.Kind) {
    self.format = format
    self.what = what
    self.bytes = bytes
    self.expected = expected
  }

  var testDescription: String { "\(format): \(what)" }

  static let all: [DamagedInput] = twoFAS + andOTP + bitwarden + freeOTP + freeOTP2 + small

  static let twoFAS: [DamagedInput] = [
    .init("2fas", "empty", "", .empty),
    .init("2fas", "whitespace only", " \n", .empty),
    .init("2fas", "an array", "[1, 2]", .unrecognized),
    .init("2fas", "no schemaVersion", "{}", .unrecognized),
    .init("2fas", "a newer schema", #"{"schemaVersion": 5, "services": []}"#, .unrecognized),
    .init("2fas", "no services", #"{"schemaVersion": 2}"#, .damaged),
    .init("2fas", "services not an array", #"{"schemaVersion": 2, "services": {}}"#, .damaged),
    .init("2fas", "truncated JSON", #"{"schemaVersion": 2, "services": [{"#, .damaged),
    .init(
      "2fas", "two encrypted parts", #"{"schemaVersion": 2, "servicesEncrypted": "AAAA:AAAA"}"#, .damaged),
    .init(
      "2fas", "encrypted parts not Base64", #"{"schemaVersion": 2, "servicesEncrypted": "%:%:%"}"#, .damaged),
    .init(
      "2fas", "encrypted parts too short", #"{"schemaVersion": 2, "servicesEncrypted": "AAAA:AAAA:AAAA"}"#,
      .damaged),
    .init(
      "2fas", "entries of every wrong shape",
      #"""
      {"schemaVersion": 4, "services": [1, {"name": "X"}, {"secret": "!!!", "otp": {}},
        {"secret": "JBSWY3DP", "otp": {"tokenType": "MOTP"}},
        {"secret": "JBSWY3DP", "otp": {"tokenType": "HOTP"}},
        {"secret": "JBSWY3DP", "otp": {"digits": "many"}}, {"secret": "JBSWY3DP", "otp": {"period": 0}},
        {"secret": "JBSWY3DP", "otp": 3}, {"name": "Good", "secret": "JBSWY3DP", "otp": {"account": "me"}}]}
      """#, .imported(accounts: 1, failed: 8)),
  ]

  static let andOTP: [DamagedInput] = [
    .init("andotp", "empty", "", .empty),
    .init("andotp", "an object", "{}", .unrecognized),
    .init("andotp", "truncated JSON", "[{", .damaged),
    .init(
      "andotp", "entries of every wrong shape",
      #"""
      [1, {}, {"type": "TOTP"}, {"type": "FOO", "secret": "JBSWY3DP"}, {"type": "HOTP", "secret": "JBSWY3DP"},
       {"type": "TOTP", "secret": "JBSWY3DP", "digits": 11},
       {"type": "HOTP", "secret": "JBSWY3DP", "counter": -1},
       {"type": "TOTP", "secret": "JBSWY3DP", "issuer": "I", "label": "L"}]
      """#, .imported(accounts: 1, failed: 7)),
    .init("andotp", "binary too short to be encrypted", [UInt8](repeating: 0x80, count: 20), .damaged),
    .init("andotp", "binary that no key opens", [UInt8](repeating: 0xFF, count: 64), .wrongPassword),
    .init(
      "andotp", "a new-format header that no key opens", [0, 0, 0, 1] + [UInt8](repeating: 0xF0, count: 60),
      .wrongPassword),
  ]

  static let bitwarden: [DamagedInput] = [
    .init("bitwarden", "empty", "", .empty),
    .init("bitwarden", "items not an array", #"{"items": 3}"#, .damaged),
    .init("bitwarden", "truncated JSON", #"{"items": ["#, .damaged),
    .init(
      "bitwarden", "a password-protected export",
      #"{"encrypted": true, "passwordProtected": true, "data": "x"}"#,
      .unrecognized),
    .init(
      "bitwarden", "TOTP fields of every wrong shape",
      #"""
      {"items": [{"name": "A", "login": {"totp": "otpauth://totp/x"}},
        {"name": "B", "login": {"username": "b", "totp": "not base32 !"}},
        {"name": "C", "login": {"totp": "steam://"}},
        {"name": "D", "login": {}}, {"name": "E", "login": {"totp": "JBSWY3DP"}}, 5]}
      """#, .imported(accounts: 1, failed: 3)),
    .init("bitwarden", "CSV with an unterminated quote", "name,login_totp\n\"A,1\n", .damaged),
    .init("bitwarden", "CSV without login_totp", "a,b\n1,2\n", .unrecognized),
    .init(
      "bitwarden", "CSV with short rows and a bad URI",
      "name,login_username,login_totp\r\nX\r\nY,y,JBSWY3DP\r\nZ,z,otpauth://hotp/Z?secret=JBSWY3DP\r\n",
      .imported(accounts: 1, failed: 1)),
  ]

  static let freeOTP: [DamagedInput] = [
    .init("freeotp-plus", "empty", "", .empty),
    .init("freeotp-plus", "an array", "[]", .unrecognized),
    .init("freeotp-plus", "no tokens", "{}", .damaged),
    .init("freeotp-plus", "truncated JSON", #"{"tokens": "#, .damaged),
    .init(
      "freeotp-plus", "tokens of every wrong shape",
      #"""
      {"tokens": [1, {"type": "TOTP"}, {"type": "HOTP", "secret": [1, 2, 300]},
        {"type": "XYZ", "secret": [1]},
        {"secret": [1, 2]}, {"type": "HOTP", "secret": [1], "counter": 9223372036854775807},
        {"type": "TOTP", "secret": [1, 2], "period": -5},
        {"type": "TOTP", "secret": [1, 2, 3], "issuerExt": "Steam", "label": "s", "digits": 5}]}
      """#, .imported(accounts: 1, failed: 7)),
    .init("freeotp", "empty", "", .empty),
    .init("freeotp", "not XML", "hello", .unrecognized),
    .init("freeotp", "an unterminated string", #"<map><string name="x">abc"#, .damaged),
    .init(
      "freeotp", "a token that is not JSON",
      #"<map><string name="a">{</string><string name="tokenOrder">[]</string></map>"#,
      .imported(accounts: 0, failed: 1)),
  ]

  static let freeOTP2: [DamagedInput] = [
    .init("freeotp2", "empty", "", .empty),
    .init("freeotp2", "not a Java stream", "not java", .unrecognized),
    .init("freeotp2", "only the stream header", [0xAC, 0xED, 0x00, 0x05], .damaged),
    .init("freeotp2", "a map without masterKey", JavaStreamWriter.map([("a", "b")]), .damaged),
    .init("freeotp2", "a masterKey that is not JSON", JavaStreamWriter.map([("masterKey", "{")]), .damaged),
    .init(
      "freeotp2", "a masterKey with an unknown derivation",
      JavaStreamWriter.map([("masterKey", #"{"mAlgorithm": "scrypt", "mIterations": 1, "mSalt": [1]}"#)]),
      .damaged),
    .init(
      "freeotp2", "a map of another class",
      JavaStreamWriter.map([("a", "b")], className: "java.util.TreeMap"),
      .damaged),
    .init(
      "freeotp2", "a size that does not match the entries",
      JavaStreamWriter.map([("a", "b")], declaredSize: 2),
      .damaged),
  ]

  static let small: [DamagedInput] = [
    .init("proton", "empty", "", .empty),
    .init("proton", "an array", "[]", .unrecognized),
    .init("proton", "entries not an array", #"{"entries": 5}"#, .damaged),
    .init(
      "proton", "entries of every wrong shape",
      #"""
      {"entries": [{"content": {"name": "a", "uri": "http://x"}}, {"content": {}}, 7,
        {"content": {"name": "s", "uri": "steam://JBSWY3DP"}}]}
      """#, .imported(accounts: 1, failed: 3)),
    .init("duo", "empty", "", .empty),
    .init("duo", "an object", "{}", .unrecognized),
    .init("duo", "truncated JSON", #"[{"name": "#, .damaged),
    .init(
      "duo", "accounts of every wrong shape",
      #"""
      [{"name": "x"}, {"otpGenerator": {"otpSecret": "***"}},
       {"otpGenerator": {"otpSecret": "JBSWY3DP", "counter": -1}},
       {"otpGenerator": {"otpSecret": "JBSWY3DP", "counter": "x"}},
       {"name": "ok", "otpGenerator": {"otpSecret": "JBSWY3DP"}}]
      """#, .imported(accounts: 1, failed: 4)),
    .init("steam", "empty", "", .empty),
    .init("steam", "an array", "[]", .unrecognized),
    .init("steam", "no shared_secret", "{}", .damaged),
    .init(
      "steam", "a secret that is not Base64", #"{"shared_secret": "***", "account_name": "a"}"#,
      .imported(accounts: 0, failed: 1)),
    .init("steam", "an empty secret", #"{"shared_secret": ""}"#, .imported(accounts: 0, failed: 1)),
    .init(
      "steam", "accounts of every wrong shape",
      #"""
      {"accounts": {"a": {"shared_secret": "AAAA", "account_name": "x"}, "b": {"account_name": "y"},
        "c": 5}}
      """#,
      .imported(accounts: 1, failed: 2)),
    .init("battlenet", "empty", "", .empty),
    .init("battlenet", "not XML", "plain", .unrecognized),
    .init("battlenet", "no secret", "<map></map>", .damaged),
    .init(
      "battlenet", "a secret that is not hex", battleNet(secret: "zz"), .imported(accounts: 0, failed: 1)),
    .init(
      "battlenet", "a secret longer than the mask", battleNet(secret: String(repeating: "00", count: 58)),
      .imported(accounts: 0, failed: 1)),
    .init(
      "battlenet", "an unmasked secret that is not hex", battleNet(secret: "00"),
      .imported(accounts: 0, failed: 1)),
  ]

  static func battleNet(secret: String) -> String {
    #"<map><string name="com.blizzard.messenger.AUTHENTICATOR_DEVICE_SECRET">\#(secret)</string></map>"#
  }
}

@Suite("Damaged inputs")
struct DamagedInputTests {
  @Test("A damaged input gives a clear error or failed entries, never a crash", arguments: DamagedInput.all)
  func damagedInput(_ input: DamagedInput) throws {
    let importer = try #require(FormatRegistry.formats.first { $0.format == input.format })
    let outcome = ImportOutcome(importer, input.bytes)
    #expect(outcome.kind == input.expected, "\(outcome)")
    #expect(outcome.messages.allSatisfy { !$0.isEmpty })
    #expect(!outcome.revealsSecret)
  }
}
