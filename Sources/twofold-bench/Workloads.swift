import CBenchBaseline
import OTP

/// The measured loops. Each computes `count` results for consecutive steps and consumes every
/// result (a Swift code's UTF-8 length, a C code's digits), so no work can be dropped. Reading
/// the whole String back would cost more than making it; `fold` does that outside the timing,
/// to check the Swift and C loops compute the same codes.
enum Workloads {
  /// RFC 4226 Appendix D's key, "12345678901234567890".
  static let key = Array("12345678901234567890".utf8)
  /// The first time of the loops; later ones follow a period apart.
  static let startTime: Int64 = 1_700_000_000

  /// A generator for `type` over `key`; the benchmark's own parameters are always valid.
  static func generator(
    _ type: OTPType, _ algorithm: OTPAlgorithm = .sha1, digits: Int? = nil
  ) -> CodeGenerator {
    do {
      return try CodeGenerator(
        OTPParameters(type: type, secret: key, algorithm: algorithm, digits: digits))
    } catch {
      fatalError("benchmark parameters rejected: \(error)")
    }
  }

  /// `CodeGenerator.code(at:)` at consecutive time steps.
  static func codes(_ generator: CodeGenerator) -> Throughput.Workload {
    { count in
      let period = Int64(generator.parameters.period)
      var checksum: UInt64 = 0
      do {
        for index in 0..<Int64(count) {
          checksum &+= UInt64(try generator.code(at: startTime + index * period).utf8.count)
        }
      } catch {
        fatalError("code(at:) failed: \(error)")
      }
      return checksum
    }
  }

  /// `CodeGenerator.code(counter:)` for the counters `0 ..< count`.
  static func counterCodes(_ generator: CodeGenerator) -> Throughput.Workload {
    { count in
      var checksum: UInt64 = 0
      for counter in 0..<UInt64(count) {
        checksum &+= UInt64(generator.code(counter: counter).utf8.count)
      }
      return checksum
    }
  }

  /// The C peers' checksum of the codes for the counters `0 ..< count`, computed in Swift.
  static func foldedCodes(_ generator: CodeGenerator, count: Int) -> UInt64 {
    (0..<UInt64(count)).reduce(0) { checksum, counter in fold(checksum, generator.code(counter: counter)) }
  }

  /// `Verifier.verify` with window 1 at consecutive time steps, against a fixed code.
  static func verifications(_ generator: CodeGenerator) -> Throughput.Workload {
    { count in
      let period = Int64(generator.parameters.period)
      var checksum: UInt64 = 0
      do {
        for index in 0..<Int64(count) {
          let step = try Verifier.verify(
            "287082", generator: generator, at: startTime + index * period, window: 1)
          checksum = checksum &* 31 &+ (step ?? 1)
        }
      } catch {
        fatalError("verify failed: \(error)")
      }
      return checksum
    }
  }

  /// A C peer from CBenchBaseline over `key`, counters from 0.
  static func c(
    _ function: @escaping (UnsafePointer<UInt8>?, Int, UInt64, UInt64) -> UInt64
  ) -> Throughput.Workload {
    { count in function(key, key.count, 0, UInt64(count)) }
  }

  /// The C peers' checksum step: `h * 31 + byte` over the code's UTF-8.
  static func fold(_ checksum: UInt64, _ code: String) -> UInt64 {
    var checksum = checksum
    for byte in code.utf8 { checksum = checksum &* 31 &+ UInt64(byte) }
    return checksum
  }
}
