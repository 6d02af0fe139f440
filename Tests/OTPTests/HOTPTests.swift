import OTP
import Testing

@Suite("HOTP (RFC 4226)")
struct HOTPTests {
  /// RFC 4226 Appendix D: counter, truncated decimal value, 6-digit HOTP.
  static let appendixD: [(UInt64, UInt32, String)] = [
    (0, 1_284_755_224, "755224"),
    (1, 1_094_287_082, "287082"),
    (2, 137_359_152, "359152"),
    (3, 1_726_969_429, "969429"),
    (4, 1_640_338_314, "338314"),
    (5, 868_254_676, "254676"),
    (6, 1_918_287_922, "287922"),
    (7, 82_162_583, "162583"),
    (8, 673_399_871, "399871"),
    (9, 645_520_489, "520489"),
  ]

  private let generator = try! CodeGenerator(OTPParameters(type: .hotp, secret: RFCSecrets.hotp))

  @Test("The code of each counter is RFC 4226 Appendix D's", arguments: appendixD)
  func code(counter: UInt64, truncated: UInt32, code: String) {
    #expect(generator.code(counter: counter) == code)
  }

  @Test("Dynamic truncation gives RFC 4226 Appendix D's decimal values", arguments: appendixD)
  func truncatedValue(counter: UInt64, truncated: UInt32, code: String) {
    #expect(generator.truncatedValue(counter: counter) == truncated)
  }

  @Test("An HOTP account's current code is the code of its stored counter, whatever the time")
  func currentCodeUsesStoredCounter() throws {
    let generator = try CodeGenerator(OTPParameters(type: .hotp, secret: RFCSecrets.hotp, counter: 7))
    #expect(try generator.code(at: 0) == "162583")
    #expect(try generator.code(at: 1_700_000_000) == "162583")
  }

  @Test("withCounter moves an HOTP account to another counter")
  func withCounter() throws {
    let parameters = try OTPParameters(type: .hotp, secret: RFCSecrets.hotp, counter: 1)
    #expect(try CodeGenerator(parameters.withCounter(9)).code(at: 0) == "520489")
  }
}
