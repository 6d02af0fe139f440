import OTP
import Testing

@Suite("OTPParameters")
struct OTPParametersTests {
  @Test("TOTP and HOTP default to SHA-1, 6 digits and 30 seconds", arguments: [OTPType.totp, .hotp])
  func defaults(type: OTPType) throws {
    let parameters = try OTPParameters(type: type, secret: RFCSecrets.hotp)
    #expect(parameters.algorithm == .sha1)
    #expect(parameters.digits == 6)
    #expect(parameters.period == 30)
    #expect(parameters.counter == 0)
  }

  /// Parameters that must be refused, and the error each must raise.
  struct Refused: Sendable, CustomTestStringConvertible {
    var type: OTPType = .totp
    var secret: [UInt8] = [1]
    var algorithm: OTPAlgorithm?
    var digits: Int?
    var period: Int?
    var counter: UInt64 = 0
    var expected: OTPError

    var testDescription: String { "\(type) → \(expected)" }
  }

  static let refused: [Refused] = [
    Refused(secret: [], expected: .emptySecret),
    Refused(digits: 0, expected: .invalidDigits(0, allowed: 1...10)),
    Refused(type: .hotp, digits: 11, expected: .invalidDigits(11, allowed: 1...10)),
    Refused(period: 0, expected: .invalidPeriod(0)),
    Refused(period: -1, expected: .invalidPeriod(-1)),
    Refused(period: 2_147_484, expected: .invalidPeriod(2_147_484)),
    Refused(type: .hotp, counter: 1 << 63, expected: .invalidCounter("9223372036854775808")),
    Refused(algorithm: .md5, expected: .invalidAlgorithm("MD5")),
    Refused(type: .motp, algorithm: .sha1, expected: .invalidAlgorithm("SHA1")),
    Refused(
      type: .yandex, secret: Array(repeating: 1, count: 16), digits: 6,
      expected: .invalidDigits(6, allowed: 8...8)),
  ]

  @Test("Invalid parameters are refused with the matching error", arguments: refused)
  func refusal(_ refused: Refused) {
    #expect(throws: refused.expected) {
      try OTPParameters(
        type: refused.type, secret: refused.secret, algorithm: refused.algorithm, digits: refused.digits,
        period: refused.period, counter: refused.counter)
    }
  }

  @Test("The longest accepted period is 2,147,483 seconds")
  func longestPeriod() throws {
    #expect(try OTPParameters(type: .totp, secret: [1], period: 2_147_483).period == 2_147_483)
  }

  @Test("The largest accepted HOTP counter is 2^63 − 1")
  func largestCounter() throws {
    let counter = UInt64(Int64.max)
    #expect(try OTPParameters(type: .hotp, secret: [1], counter: counter).counter == counter)
  }

  @Test("Only HOTP keeps a counter")
  func counterOnlyForHOTP() throws {
    #expect(try OTPParameters(type: .totp, secret: [1], counter: 5).counter == 0)
  }

  @Test("HOTP, which has no period, keeps the default 30 whatever period it is given")
  func hotpPeriodIsUnused() throws {
    let parameters = try OTPParameters(type: .hotp, secret: [1], period: 60, counter: 3)
    #expect(parameters.period == 30)
    #expect(parameters == (try OTPParameters(type: .hotp, secret: [1], counter: 3)))
  }

  @Test(
    "Algorithm names are read in any case, with or without '-' and an Hmac prefix",
    arguments: [
      ("sha512", OTPAlgorithm.sha512), ("SHA-256", .sha256), ("HmacSHA1", .sha1), ("hmac-sha-512", .sha512),
      ("md5", .md5),
    ])
  func algorithmNames(name: String, algorithm: OTPAlgorithm) throws {
    #expect(try OTPAlgorithm(name: name) == algorithm)
  }

  @Test("An unknown algorithm name is refused with the name", arguments: ["SHA3", "SHA224", "", "HMAC"])
  func unknownAlgorithmName(name: String) {
    #expect(throws: OTPError.invalidAlgorithm(name)) { try OTPAlgorithm(name: name) }
  }
}
