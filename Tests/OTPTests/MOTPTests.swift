import OTP
import Testing

@Suite("Mobile-OTP")
struct MOTPTests {
  /// vault-format.md "Known values": hex secret, PIN, Unix time, code.
  static let knownValues: [(String, String, Int64, String)] = [
    ("e3152afee62599c8", "1234", 165_892_298, "e7d8b6"),
    ("e3152afee62599c8", "1234", 123_456_789, "4ebfb2"),
    ("bbb1912bb5c515be", "9999", 1_659_540_020, "ced7b1"),
    ("bbb1912bb5c515be", "9999", 1_659_539_870, "1a14f8"),
  ]

  @Test("mOTP codes match the known values", arguments: knownValues)
  func knownValue(secret: String, pin: String, time: Int64, code: String) throws {
    let parameters = try OTPParameters(type: .motp, secret: Hex.decode(secret), pin: pin)
    #expect(try CodeGenerator(parameters).code(at: time) == code)
  }

  @Test("An uppercase hex secret gives the same codes")
  func uppercaseHexSecret() throws {
    let parameters = try OTPParameters(type: .motp, secret: Hex.decode("E3152AFEE62599C8"), pin: "1234")
    #expect(try CodeGenerator(parameters).code(at: 165_892_298) == "e7d8b6")
  }

  @Test("A motp:// URI with a hex secret gives the known code")
  func fromURI() throws {
    let uri = try KeyURI(parsing: "motp://Mobile:alice?secret=e3152afee62599c8&pin=1234")
    #expect(try CodeGenerator(uri.parameters).code(at: 165_892_298) == "e7d8b6")
  }

  @Test("mOTP without a PIN cannot produce codes", arguments: [nil, ""] as [String?])
  func missingPIN(pin: String?) throws {
    let parameters = try OTPParameters(type: .motp, secret: Hex.decode("e3152afee62599c8"), pin: pin)
    #expect(throws: OTPError.missingPIN) { try CodeGenerator(parameters) }
  }

  @Test("mOTP defaults to MD5, 6 characters and 10 seconds")
  func defaults() throws {
    let parameters = try OTPParameters(type: .motp, secret: Hex.decode("e3152afee62599c8"))
    #expect(parameters.algorithm == .md5)
    #expect(parameters.digits == 6)
    #expect(parameters.period == 10)
  }
}
