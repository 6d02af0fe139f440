import Crypto
import Testing

/// A published key-derivation vector.
struct KDFVector: Sendable, CustomTestStringConvertible {
  let password: [UInt8]
  let salt: [UInt8]
  let expected: [UInt8]
  let note: String

  var testDescription: String { note }
}

@Suite("scrypt")
struct ScryptTests {
  /// RFC 7914 §12, with the parameters each vector uses.
  static let rfc7914: [(KDFVector, KeyDerivation.ScryptParameters)] = [
    (
      KDFVector(
        password: [], salt: [],
        expected: [UInt8](
          hex: "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442"
            + "fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906"),
        note: "empty password and salt, N=16 r=1 p=1"),
      KeyDerivation.ScryptParameters(n: 16, r: 1, p: 1)
    ),
    (
      KDFVector(
        password: [UInt8](utf8: "password"), salt: [UInt8](utf8: "NaCl"),
        expected: [UInt8](
          hex: "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162"
            + "2eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640"),
        note: "password/NaCl, N=1024 r=8 p=16"),
      KeyDerivation.ScryptParameters(n: 1024, r: 8, p: 16)
    ),
    (
      KDFVector(
        password: [UInt8](utf8: "pleaseletmein"), salt: [UInt8](utf8: "SodiumChloride"),
        expected: [UInt8](
          hex: "7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2"
            + "d5432955613f0fcf62d49705242a9af9e61e85dc0d651e40dfcf017b45575887"),
        note: "pleaseletmein/SodiumChloride, N=16384 r=8 p=1"),
      KeyDerivation.ScryptParameters(n: 16384, r: 8, p: 1)
    ),
  ]

  @Test("scrypt matches RFC 7914 §12", arguments: rfc7914)
  func rfc7914Vectors(vector: KDFVector, parameters: KeyDerivation.ScryptParameters) throws {
    let key = try KeyDerivation.scrypt(
      password: vector.password, salt: vector.salt, parameters: parameters, length: 64)
    #expect(key == vector.expected)
  }

  @Test("scrypt output is as long as asked", arguments: [1, 32, 100])
  func outputLength(length: Int) throws {
    let key = try KeyDerivation.scrypt(
      password: [1], salt: [2], parameters: .init(n: 16, r: 1, p: 1), length: length)
    #expect(key.count == length)
  }

  @Test("A shorter scrypt output is a prefix of a longer one")
  func shorterOutputIsPrefix() throws {
    let parameters = KeyDerivation.ScryptParameters(n: 16, r: 1, p: 1)
    let short = try KeyDerivation.scrypt(password: [1], salt: [2], parameters: parameters, length: 32)
    let long = try KeyDerivation.scrypt(password: [1], salt: [2], parameters: parameters, length: 64)
    #expect(Array(long.prefix(32)) == short)
  }

  @Test(
    "scrypt refuses N that is not a power of two above 1, and zero r or p",
    arguments: [
      KeyDerivation.ScryptParameters(n: 1000, r: 8, p: 1),
      .init(n: 1025, r: 8, p: 1),
      .init(n: 0, r: 8, p: 1),
      .init(n: 1, r: 8, p: 1),
      .init(n: 1024, r: 0, p: 1),
      .init(n: 1024, r: 8, p: 0),
    ])
  func refusesMalformedParameters(parameters: KeyDerivation.ScryptParameters) {
    let error = #expect(throws: CryptoError.self) {
      try KeyDerivation.scrypt(password: [1], salt: [2], parameters: parameters)
    }
    #expect(error.isInvalidParameters)
  }

  @Test(
    "scrypt refuses parameters that need more than the memory limit",
    arguments: [
      KeyDerivation.ScryptParameters(n: 1 << 21, r: 8, p: 1),
      .init(n: 1 << 20, r: 16, p: 1),
      .init(n: 1 << 62, r: 8, p: 1),
      .init(n: 1 << 63, r: 1 << 16, p: 1),
      .init(n: 16, r: 1 << 16, p: 1 << 16),
      .init(n: 16, r: 8, p: 1 << 20),
    ])
  func refusesHugeMemory(parameters: KeyDerivation.ScryptParameters) {
    let error = #expect(throws: CryptoError.self) {
      try KeyDerivation.scrypt(password: [1], salt: [2], parameters: parameters)
    }
    #expect(error.isInvalidParameters)
  }

  @Test(
    "scrypt refuses parameters that fit in memory but ask for more than 2^24 work (N·r·p)",
    arguments: [
      KeyDerivation.ScryptParameters(n: 1 << 15, r: 8, p: 1 << 7),
      .init(n: 1 << 15, r: 8, p: 1 << 16),
      .init(n: 1 << 10, r: 1 << 10, p: 1 << 5),
    ])
  func refusesHugeWork(parameters: KeyDerivation.ScryptParameters) {
    let error = #expect(throws: CryptoError.self) {
      try KeyDerivation.scrypt(password: [1], salt: [2], parameters: parameters)
    }
    #expect(error.isInvalidParameters)
  }

  @Test(
    "scrypt refuses N at or above 2^(16·r), which RFC 7914 §2 forbids",
    arguments: [
      KeyDerivation.ScryptParameters(n: 1 << 16, r: 1, p: 1),
      .init(n: 1 << 17, r: 1, p: 1),
    ])
  func refusesNTooLargeForR(parameters: KeyDerivation.ScryptParameters) {
    let error = #expect(throws: CryptoError.self) {
      try KeyDerivation.scrypt(password: [1], salt: [2], parameters: parameters)
    }
    #expect(error.isInvalidParameters)
  }

  @Test(
    "scrypt derives a key for any parameters within the memory limit, even with a large r",
    arguments: [
      KeyDerivation.ScryptParameters(n: 2, r: 8192, p: 1),
      .init(n: 4, r: 1 << 14, p: 2),
      .init(n: 1 << 15, r: 1, p: 1),
    ])
  func acceptsParametersWithinLimit(parameters: KeyDerivation.ScryptParameters) throws {
    let key = try KeyDerivation.scrypt(password: [1], salt: [2], parameters: parameters)
    #expect(key.count == 32)
  }
}

@Suite("PBKDF2")
struct PBKDF2Tests {
  /// RFC 6070 §2 (PBKDF2-HMAC-SHA1); the 16,777,216-iteration case is left out for time.
  static let rfc6070: [(KDFVector, Int)] = [
    (sha1("password", "salt", "0c60c80f961f0e71f3a9b524af6012062fe037a6"), 1),
    (sha1("password", "salt", "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957"), 2),
    (sha1("password", "salt", "4b007901b765489abead49d926f721d065a429c1"), 4096),
    (
      sha1(
        "passwordPASSWORDpassword", "saltSALTsaltSALTsaltSALTsaltSALTsalt",
        "3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038"), 4096
    ),
    (sha1("pass\0word", "sa\0lt", "56fa6aa75548099dcc37d7f03425e0c3"), 4096),
  ]

  /// The same inputs with HMAC-SHA256 (the widely published RFC 6070-style values), and RFC 7914 §11.
  static let sha256Published: [(KDFVector, Int)] = [
    (sha256("password", "salt", "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"), 1),
    (sha256("password", "salt", "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43"), 2),
    (sha256("password", "salt", "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"), 4096),
    (
      sha256(
        "passwd", "salt",
        "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
          + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"), 1
    ),
  ]

  @Test("PBKDF2-HMAC-SHA1 matches RFC 6070", arguments: rfc6070)
  func sha1Vectors(vector: KDFVector, iterations: Int) throws {
    let key = try KeyDerivation.pbkdf2(
      password: vector.password, salt: vector.salt, iterations: iterations, digest: .sha1,
      length: vector.expected.count)
    #expect(key == vector.expected)
  }

  @Test("PBKDF2-HMAC-SHA256 matches the published vectors", arguments: sha256Published)
  func sha256Vectors(vector: KDFVector, iterations: Int) throws {
    let key = try KeyDerivation.pbkdf2(
      password: vector.password, salt: vector.salt, iterations: iterations, digest: .sha256,
      length: vector.expected.count)
    #expect(key == vector.expected)
  }

  @Test("PBKDF2 refuses zero or negative iterations", arguments: [0, -1])
  func refusesIterations(iterations: Int) {
    let error = #expect(throws: CryptoError.self) {
      try KeyDerivation.pbkdf2(password: [1], salt: [2], iterations: iterations, digest: .sha1, length: 20)
    }
    #expect(error.isInvalidParameters)
  }

  @Test("PBKDF2 refuses an empty output")
  func refusesEmptyOutput() {
    let error = #expect(throws: CryptoError.self) {
      try KeyDerivation.pbkdf2(password: [1], salt: [2], iterations: 1, digest: .sha1, length: 0)
    }
    #expect(error.isInvalidLength)
  }

  private static func sha1(_ password: String, _ salt: String, _ hex: String) -> KDFVector {
    KDFVector(
      password: [UInt8](utf8: password), salt: [UInt8](utf8: salt), expected: [UInt8](hex: hex),
      note: "SHA1 \(password.debugDescription)/\(salt.debugDescription)")
  }

  private static func sha256(_ password: String, _ salt: String, _ hex: String) -> KDFVector {
    KDFVector(
      password: [UInt8](utf8: password), salt: [UInt8](utf8: salt), expected: [UInt8](hex: hex),
      note: "SHA256 \(password.debugDescription)/\(salt.debugDescription)")
  }
}
