import Domain
import Formats
import OTP
import Testing

/// One entry of one format and what its import makes of it: `type algorithm digits period/counter`,
/// or the problem the report gives.
struct TypeNameCase: Sendable, CustomTestStringConvertible {
  let format: String
  let what: String
  let json: String
  let outcome: String

  var testDescription: String { "\(format): \(what)" }
}

@Suite("How andOTP, 2FAS and FreeOTP read an entry's type")
struct TypeNameTests {
  static func andOTP(_ members: String) -> String {
    #"[{"secret": "JBSWY3DP", "label": "x", "digits": 6, "# + members + "}]"
  }

  static func twoFAS(_ otp: String) -> String {
    #"{"schemaVersion": 4, "services": [{"secret": "JBSWY3DP", "otp": {"# + otp + "}}]}"
  }

  static func freeOTP(_ members: String) -> String {
    #"{"tokens": [{"secret": [1, 2, 3], "label": "x", "# + members + "}]}"
  }

  static let cases: [TypeNameCase] = [
    .init(
      format: "andotp", what: "TOTP", json: andOTP(#""type": "totp", "algorithm": "SHA256", "period": 60"#),
      outcome: "totp SHA256 6 60"),
    .init(
      format: "andotp", what: "HOTP", json: andOTP(#""type": "HOTP", "counter": 7"#), outcome: "hotp SHA1 6 7"
    ),
    .init(
      format: "andotp", what: "HOTP without a counter", json: andOTP(#""type": "HOTP""#),
      outcome: "the HOTP entry has no counter"),
    .init(
      format: "andotp", what: "HOTP with a period that is no number",
      json: andOTP(#""type": "HOTP", "period": "x""#),
      outcome: "'period' is not a whole number"),
    .init(
      format: "andotp", what: "STEAM", json: andOTP(#""type": "steam", "period": 30"#),
      outcome: "steam SHA1 5 30"),
    .init(
      format: "andotp", what: "STEAM reads its algorithm",
      json: andOTP(#""type": "STEAM", "algorithm": "SHA256""#),
      outcome: "unsupported algorithm 'SHA256'"),
    .init(
      format: "andotp", what: "an unknown type", json: andOTP(#""type": "Motp""#),
      outcome: "unsupported entry type 'Motp'"),
    .init(format: "2fas", what: "no token type", json: twoFAS(#""digits": 8"#), outcome: "totp SHA1 8 30"),
    .init(
      format: "2fas", what: "HOTP", json: twoFAS(#""tokenType": "hotp", "counter": 3"#),
      outcome: "hotp SHA1 6 3"),
    .init(
      format: "2fas", what: "HOTP without a counter", json: twoFAS(#""tokenType": "HOTP""#),
      outcome: "the HOTP service has no counter"),
    .init(
      format: "2fas", what: "STEAM leaves its algorithm aside",
      json: twoFAS(#""tokenType": "STEAM", "algorithm": "SHA256", "period": 30"#), outcome: "steam SHA1 5 30"),
    .init(
      format: "2fas", what: "an unknown type", json: twoFAS(#""tokenType": "Yandex""#),
      outcome: "unsupported token type 'YANDEX'"),
    .init(
      format: "freeotp-plus", what: "TOTP", json: freeOTP(#""type": "TOTP", "period": 45"#),
      outcome: "totp SHA1 6 45"),
    .init(
      format: "freeotp-plus", what: "TOTP issued by Steam",
      json: freeOTP(#""type": "totp", "issuerExt": "Steam", "algo": "SHA1""#), outcome: "steam SHA1 5 30"),
    .init(
      format: "freeotp-plus", what: "HOTP without a counter, with a period that is no number",
      json: freeOTP(#""type": "HOTP", "period": "x""#), outcome: "hotp SHA1 6 1"),
    .init(
      format: "freeotp-plus", what: "HOTP at the last counter",
      json: freeOTP(#""type": "HOTP", "counter": 9223372036854775807"#),
      outcome: "the counter must be 0 to 9223372036854775807, not 9223372036854775807 + 1"),
    .init(
      format: "freeotp-plus", what: "STEAM is no type of FreeOTP's", json: freeOTP(#""type": "STEAM""#),
      outcome: "unsupported token type 'STEAM'"),
  ]

  @Test("Each format reads the type names it knows and refuses the others in its own words", arguments: cases)
  func typeName(_ entry: TypeNameCase) throws {
    let importer = try #require(FormatRegistry.formats.first { $0.format == entry.format })
    let candidates = try importer.candidates(
      from: ImportFile(name: "input", bytes: Array(entry.json.utf8)), password: .none)
    let candidate = try #require(candidates.first)
    let outcome = candidate.account.map { account in
      let otp = account.otp
      let last = otp.type == .hotp ? otp.counter : UInt64(otp.period)
      return "\(otp.type.rawValue) \(otp.algorithm.rawValue) \(otp.digits) \(last)"
    }
    #expect((outcome ?? candidate.problem) == entry.outcome)
  }
}
