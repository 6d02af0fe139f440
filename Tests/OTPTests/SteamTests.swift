import OTP
import Testing

@Suite("Steam Guard")
struct SteamTests {
  @Test("A Steam code is five characters of Steam's alphabet (Aegis vector Boeing/Sophia)")
  func referenceCode() throws {
    let parameters = try OTPParameters(type: .steam, secret: Base32.decode("JRZCL47CMXVOQMNPZR2F7J4RGI"))
    #expect(try CodeGenerator(parameters).code(at: 1_700_000_000) == "747JR")
  }

  @Test("A Steam code spells the truncated value in base 26, least significant character first")
  func rendering() throws {
    let generator = try CodeGenerator(OTPParameters(type: .steam, secret: RFCSecrets.hotp))
    let alphabet = Array("23456789BCDFGHJKMNPQRTVWXY")
    var value = 1_284_755_224  // RFC 4226 Appendix D, counter 0
    var expected = ""
    for _ in 0..<5 {
      expected.append(alphabet[value % 26])
      value /= 26
    }
    #expect(generator.code(counter: 0) == expected)
  }

  @Test("Steam defaults to SHA-1, 5 characters and 30 seconds")
  func defaults() throws {
    let parameters = try OTPParameters(type: .steam, secret: RFCSecrets.hotp)
    #expect(parameters.algorithm == .sha1)
    #expect(parameters.digits == 5)
    #expect(parameters.period == 30)
  }

  @Test("Steam refuses any length but 5 and any hash but SHA-1")
  func limits() {
    #expect(throws: OTPError.invalidDigits(6, allowed: 5...5)) {
      try OTPParameters(type: .steam, secret: RFCSecrets.hotp, digits: 6)
    }
    #expect(throws: OTPError.invalidAlgorithm("SHA256")) {
      try OTPParameters(type: .steam, secret: RFCSecrets.hotp, algorithm: .sha256)
    }
  }
}
