import OTP
import Testing

@Suite("Code length")
struct CodeDigitsTests {
  /// RFC 4226 Appendix D's truncated value for counter 7: 8 digits, so longer codes need leading zeros.
  static let counter7Value: UInt64 = 82_162_583

  @Test("A code of D digits is the truncated value modulo 10^D, zero-padded to D digits", arguments: 1...10)
  func digits(count: Int) throws {
    let generator = try CodeGenerator(OTPParameters(type: .hotp, secret: RFCSecrets.hotp, digits: count))
    var modulus: UInt64 = 1
    for _ in 0..<count { modulus *= 10 }
    let value = String(Self.counter7Value % modulus)
    let expected = String(repeating: "0", count: count - value.count) + value
    #expect(generator.code(counter: 7) == expected)
  }

  @Test("A 10-digit code keeps its leading zeros")
  func tenDigitsZeroPadded() throws {
    let generator = try CodeGenerator(OTPParameters(type: .hotp, secret: RFCSecrets.hotp, digits: 10))
    #expect(generator.code(counter: 7) == "0082162583")
    #expect(generator.code(counter: 2) == "0137359152")
  }

  @Test("TOTP and HOTP refuse 0 and 11 digits", arguments: [OTPType.totp, .hotp], [0, 11])
  func outOfRangeDigits(type: OTPType, digits: Int) {
    #expect(throws: OTPError.invalidDigits(digits, allowed: 1...10)) {
      try OTPParameters(type: type, secret: RFCSecrets.hotp, digits: digits)
    }
  }
}
