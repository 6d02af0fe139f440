import OTP
import Testing

@Suite("Verification")
struct VerifierTests {
  static let time: Int64 = 1_111_111_111
  private let totp = try! CodeGenerator(OTPParameters(type: .totp, secret: RFCSecrets.hotp))
  private var step: UInt64 { try! totp.parameters.step(at: Self.time) }

  private func codeAt(offset: Int) -> String {
    totp.code(counter: UInt64(Int64(step) + Int64(offset)))
  }

  @Test(
    "With window 1 the codes one step either side are accepted and their step returned",
    arguments: [-1, 0, 1])
  func withinWindow(offset: Int) throws {
    let matched = try Verifier.verify(codeAt(offset: offset), generator: totp, at: Self.time, window: 1)
    #expect(matched == UInt64(Int64(step) + Int64(offset)))
  }

  @Test("With window 1 the codes two steps away are refused", arguments: [-2, 2])
  func outsideWindow(offset: Int) throws {
    #expect(try Verifier.verify(codeAt(offset: offset), generator: totp, at: Self.time, window: 1) == nil)
  }

  @Test("With window 0 only the current step's code is accepted", arguments: [-1, 0, 1])
  func windowZero(offset: Int) throws {
    let matched = try Verifier.verify(codeAt(offset: offset), generator: totp, at: Self.time, window: 0)
    #expect(matched == (offset == 0 ? step : nil))
  }

  @Test("The current step is accepted from the first to the last second of its period")
  func acrossThePeriod() throws {
    let start = Int64(step) * 30
    for time in [start, start + 29] {
      #expect(try Verifier.verify(codeAt(offset: 0), generator: totp, at: time, window: 0) == step)
    }
  }

  @Test("A wrong code is refused", arguments: ["", "12345", "1234567", "abcdef"])
  func wrongCode(code: String) throws {
    #expect(try Verifier.verify(code, generator: totp, at: Self.time, window: 1) == nil)
  }

  @Test(
    "A step at or before the last accepted one is refused as a replay",
    arguments: [(0, 0), (0, 1), (-1, -1), (1, 1)] as [(Int, Int)])
  func replayRefused(offset: Int, lastAcceptedOffset: Int) throws {
    let last = UInt64(Int64(step) + Int64(lastAcceptedOffset))
    let matched = try Verifier.verify(
      codeAt(offset: offset), generator: totp, at: Self.time, window: 1, lastAcceptedStep: last)
    #expect(matched == nil)
  }

  @Test(
    "A step after the last accepted one is accepted", arguments: [(0, -1), (1, 0), (1, -1)] as [(Int, Int)])
  func laterStepAccepted(offset: Int, lastAcceptedOffset: Int) throws {
    let last = UInt64(Int64(step) + Int64(lastAcceptedOffset))
    let matched = try Verifier.verify(
      codeAt(offset: offset), generator: totp, at: Self.time, window: 1, lastAcceptedStep: last)
    #expect(matched == UInt64(Int64(step) + Int64(offset)))
  }

  @Test("Near the epoch the window stops at step 0")
  func windowAtEpoch() throws {
    #expect(try Verifier.verify(totp.code(counter: 0), generator: totp, at: 10, window: 2) == 0)
    #expect(try Verifier.verify(totp.code(counter: 2), generator: totp, at: 10, window: 2) == 2)
    #expect(try Verifier.verify(totp.code(counter: 3), generator: totp, at: 10, window: 2) == nil)
  }

  @Test("A time before the epoch cannot be verified")
  func timeBeforeEpoch() {
    #expect(throws: OTPError.invalidTime(-1)) {
      try Verifier.verify("755224", generator: totp, at: -1)
    }
  }

  /// RFC 4226 Appendix D codes for counters 4 to 9.
  static let hotpCodes: [(UInt64, String)] = [
    (4, "338314"), (5, "254676"), (6, "287922"), (7, "162583"), (8, "399871"), (9, "520489"),
  ]

  @Test(
    "HOTP looks ahead from the stored counter by the window, and returns the matching counter",
    arguments: hotpCodes)
  func hotpLookAhead(counter: UInt64, code: String) throws {
    let generator = try CodeGenerator(OTPParameters(type: .hotp, secret: RFCSecrets.hotp, counter: 5))
    let matched = try Verifier.verify(code, generator: generator, at: 0, window: 3)
    #expect(matched == ((5...8).contains(counter) ? counter : nil))
  }

  @Test("HOTP with window 0 accepts only the stored counter's code")
  func hotpWindowZero() throws {
    let generator = try CodeGenerator(OTPParameters(type: .hotp, secret: RFCSecrets.hotp, counter: 5))
    #expect(try Verifier.verify("254676", generator: generator, at: 0, window: 0) == 5)
    #expect(try Verifier.verify("287922", generator: generator, at: 0, window: 0) == nil)
  }
}
