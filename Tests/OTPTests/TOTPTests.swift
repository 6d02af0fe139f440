import OTP
import Testing

@Suite("TOTP (RFC 6238)")
struct TOTPTests {
  /// RFC 6238 Appendix B: Unix time, hash, 8-digit TOTP (period 30, T0 = 0).
  static let appendixB: [(Int64, OTPAlgorithm, String)] = [
    (59, .sha1, "94287082"),
    (59, .sha256, "46119246"),
    (59, .sha512, "90693936"),
    (1_111_111_109, .sha1, "07081804"),
    (1_111_111_109, .sha256, "68084774"),
    (1_111_111_109, .sha512, "25091201"),
    (1_111_111_111, .sha1, "14050471"),
    (1_111_111_111, .sha256, "67062674"),
    (1_111_111_111, .sha512, "99943326"),
    (1_234_567_890, .sha1, "89005924"),
    (1_234_567_890, .sha256, "91819424"),
    (1_234_567_890, .sha512, "93441116"),
    (2_000_000_000, .sha1, "69279037"),
    (2_000_000_000, .sha256, "90698825"),
    (2_000_000_000, .sha512, "38618901"),
    (20_000_000_000, .sha1, "65353130"),
    (20_000_000_000, .sha256, "77737706"),
    (20_000_000_000, .sha512, "47863826"),
  ]

  @Test("The code at each time is RFC 6238 Appendix B's", arguments: appendixB)
  func appendixBCode(time: Int64, algorithm: OTPAlgorithm, code: String) throws {
    let parameters = try OTPParameters(
      type: .totp, secret: RFCSecrets.totpSeed(for: algorithm), algorithm: algorithm, digits: 8)
    #expect(try CodeGenerator(parameters).code(at: time) == code)
  }

  @Test(
    "The time step is the time divided by the period, rounded down",
    arguments: [
      (0, 30, 0), (29, 30, 0), (30, 30, 1), (59, 30, 1), (1_111_111_109, 30, 37_037_036), (100, 7, 14),
    ]
      as [(Int64, Int, UInt64)])
  func step(time: Int64, period: Int, step: UInt64) throws {
    let parameters = try OTPParameters(type: .totp, secret: RFCSecrets.hotp, period: period)
    #expect(try parameters.step(at: time) == step)
  }

  @Test("A time before the Unix epoch has no code")
  func timeBeforeEpoch() throws {
    let generator = try CodeGenerator(OTPParameters(type: .totp, secret: RFCSecrets.hotp))
    #expect(throws: OTPError.invalidTime(-1)) { try generator.code(at: -1) }
  }

  @Test(
    "The seconds left run from the period down to 1 within a step",
    arguments: [(0, 30), (1, 29), (29, 1), (30, 30), (59, 1), (60, 30)] as [(Int64, Int)])
  func remaining(time: Int64, remaining: Int) throws {
    let parameters = try OTPParameters(type: .totp, secret: RFCSecrets.hotp)
    #expect(parameters.remaining(at: time) == remaining)
  }
}
