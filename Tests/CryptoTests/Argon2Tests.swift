import Crypto
import TestSupport
import Testing

@Suite("Argon2id (libargon2 at run time)")
struct Argon2Tests {
  /// The Argon2id vectors of the reference implementation's `src/test.c` (phc-winner-argon2,
  /// version 0x13, 32-byte tags): iterations, memory in KiB, lanes, password, salt, tag.
  static let referenceVectors: [(UInt32, UInt32, UInt32, String, String, String)] = [
    (2, 65536, 1, "password", "somesalt", "09316115d5cf24ed5a15a31a3ba326e5cf32edc24702987c02b6566f61913cf7"),
    (2, 256, 1, "password", "somesalt", "9dfeb910e80bad0311fee20f9c0e2b12c17987b4cac90c2ef54d5b3021c68bfe"),
    (2, 256, 2, "password", "somesalt", "6d093c501fd5999645e0ea3bf620d7b8be7fd2db59c20d9fff9539da2bf57037"),
    (1, 65536, 1, "password", "somesalt", "f6a5adc1ba723dddef9b5ac1d464e180fcd9dffc9d1cbf76cca2fed795d9ca98"),
    (4, 65536, 1, "password", "somesalt", "9025d48e68ef7395cca9079da4c4ec3affb3c8911fe4f86d1a2520856f63172c"),
    (
      2, 65536, 1, "differentpassword", "somesalt",
      "0b84d652cf6b0c4beaef0dfe278ba6a80df6696281d7e0d2891b817d8c458fde"
    ),
    (2, 65536, 1, "password", "diffsalt", "bdf32b05ccc42eb15d58fd19b1f856b113da1e9a5874fdcc544308565aa8141c"),
  ]

  @Test(
    "Argon2id gives the reference implementation's test vectors", .requires(.argon2),
    arguments: referenceVectors)
  func referenceVector(vector: (UInt32, UInt32, UInt32, String, String, String)) throws {
    let (iterations, memory, lanes, password, salt, tag) = vector
    let key = try Argon2.id(
      password: [UInt8](utf8: password), salt: [UInt8](utf8: salt),
      parameters: Argon2.Parameters(iterations: iterations, memoryKiB: memory, parallelism: lanes))
    #expect(key == [UInt8](hex: tag))
  }

  @Test(
    "The output length is the one asked for, and a longer tag does not start like a shorter one",
    .requires(.argon2))
  func outputLength() throws {
    let parameters = Argon2.Parameters(iterations: 1, memoryKiB: 64, parallelism: 2)
    let short = try Argon2.id(password: [1], salt: [UInt8](repeating: 2, count: 16), parameters: parameters)
    let long = try Argon2.id(
      password: [1], salt: [UInt8](repeating: 2, count: 16), parameters: parameters, length: 64)
    #expect(short.count == 32)
    #expect(long.count == 64)
    #expect(Array(long.prefix(32)) != short)
  }

  @Test("A library that cannot be loaded is libraryMissing, naming the package to install")
  func missingLibrary() {
    #expect(
      throws: Argon2.Error.libraryMissing(Argon2.installHint)
    ) {
      try Argon2.id(
        password: [1], salt: [UInt8](repeating: 2, count: 16),
        parameters: Argon2.Parameters(iterations: 1, memoryKiB: 64, parallelism: 1),
        libraries: ["libtwofold-no-such-argon2.so.9"])
    }
    #expect(Argon2.installHint.contains("apt-get install libargon2-1"))
  }

  @Test("The tests look for libargon2 by the names Twofold loads it by")
  func probedNames() {
    #expect(OptionalDependency.argon2.libraryNames == Argon2.libraryNames)
  }

  @Test(
    "Parameters outside Argon2's or Twofold's limits are refused before the library runs",
    arguments: [
      (0, 64, 1, 16, 32), (1, 64, 0, 16, 32), (1, 31, 4, 16, 32), (1, 2_000_000, 1, 16, 32),
      (1, 64, 1, 7, 32), (1, 64, 1, 16, 3),
    ])
  func invalidParameters(iterations: UInt32, memory: UInt32, lanes: UInt32, salt: Int, length: Int) {
    let error = #expect(throws: Argon2.Error.self) {
      try Argon2.id(
        password: [1], salt: [UInt8](repeating: 2, count: salt),
        parameters: Argon2.Parameters(iterations: iterations, memoryKiB: memory, parallelism: lanes),
        length: length, libraries: ["libtwofold-no-such-argon2.so.9"])
    }
    if case .invalidParameters = error {
    } else {
      Issue.record("expected invalidParameters, got \(String(describing: error))")
    }
  }
}
