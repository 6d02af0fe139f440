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

  @Test(
    "Invalid parameters are refused with the matching error",
    arguments: [
      ({ try OTPParameters(type: .totp, secret: []) }, OTPError.emptySecret),
      ({ try OTPParameters(type: .totp, secret: [1], digits: 0) }, .invalidDigits(0, allowed: 1...10)),
      ({ try OTPParameters(type: .hotp, secret: [1], digits: 11) }, .invalidDigits(11, allowed: 1...10)),
      ({ try OTPParameters(type: .totp, secret: [1], period: 0) }, .invalidPeriod(0)),
      ({ try OTPParameters(type: .totp, secret: [1], period: -1) }, .invalidPeriod(-1)),
      ({ try OTPParameters(type: .totp, secret: [1], period: 2_147_484) }, .invalidPeriod(2_147_484)),
      ({ try OTPParameters(type: .hotp, secret: [1], counter: 1 << 63) }, .invalidCounter("9223372036854775808")),
      ({ try OTPParameters(type: .totp, secret: [1], algorithm: .md5) }, .invalidAlgorithm("MD5")),
      ({ try OTPParameters(type: .motp, secret: [1], algorithm: .sha1) }, .invalidAlgorithm("SHA1")),
      ({ try OTPParameters(type: .yandex, secret: [1], digits: 6) }, .invalidDigits(6, allowed: 8...8)),
    ] as [(@Sendable () throws(OTPError) -> OTPParameters, OTPError)])
  func refusals(make: @Sendable () throws(OTPError) -> OTPParameters, expected: OTPError) {
    #expect(throws: expected) { try make() }
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

  @Test("Algorithm names are read in any case, with or without '-' and an Hmac prefix")
  func algorithmNames() throws {
    #expect(try OTPAlgorithm(name: "sha512") == .sha512)
    #expect(try OTPAlgorithm(name: "SHA-256") == .sha256)
    #expect(try OTPAlgorithm(name: "HmacSHA1") == .sha1)
    #expect(throws: OTPError.invalidAlgorithm("SHA3")) { try OTPAlgorithm(name: "SHA3") }
  }
}
