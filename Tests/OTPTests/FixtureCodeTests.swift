import OTP
import Testing

@Suite("Aegis code vectors at t = 1700000000")
struct FixtureCodeTests {
  @Test(
    "The shared fixture's code vectors are reproduced",
    .enabled(if: CodeVector.isAvailable, "shared/\(CodeVector.relativePath) is not in this checkout"),
    arguments: CodeVector.all)
  func vector(_ vector: CodeVector) throws {
    let type = try #require(OTPType(rawValue: vector.type))
    let parameters = try OTPParameters(
      type: type, secret: Base32.decode(vector.secret), algorithm: OTPAlgorithm(name: vector.algo),
      digits: vector.digits, period: vector.period, counter: vector.counter ?? 0)
    let generator = try CodeGenerator(parameters)
    #expect(try generator.code(at: vector.unixTime ?? 0) == vector.otp)
    #expect(generator.code(counter: vector.movingFactor) == vector.otp)
  }

  @Test(
    "The shared fixture holds the eight Aegis vectors",
    .enabled(if: CodeVector.isAvailable, "shared/\(CodeVector.relativePath) is not in this checkout"))
  func count() {
    #expect(CodeVector.all.count == 8)
  }
}
