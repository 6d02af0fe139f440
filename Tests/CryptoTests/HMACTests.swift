import Crypto
import TestSupport
import Testing

/// A published HMAC test case: key, message and the expected MAC per digest.
struct HMACVector: Sendable, CustomTestStringConvertible {
  let name: String
  let key: [UInt8]
  let message: [UInt8]
  let expected: [DigestAlgorithm: [UInt8]]

  var testDescription: String { name }
}

/// The ways Crypto computes an HMAC.
enum HMACForm: String, CaseIterable, Sendable {
  case keyed
  case keyedFromBytesInPlace
  case oneShot

  func mac(_ algorithm: DigestAlgorithm, key: [UInt8], message: [UInt8]) -> [UInt8] {
    switch self {
    case .keyed: HMAC(algorithm, key: key).authenticate(message)
    case .keyedFromBytesInPlace: key.withUnsafeBytes { HMAC(algorithm, keyBytes: $0) }.authenticate(message)
    case .oneShot: HMAC.authenticate(algorithm, key: key, message: message)
    }
  }
}

@Suite("HMAC")
struct HMACTests {
  /// RFC 4231 §4.2–4.7 test cases 1–4, 6 and 7 (case 5 tests truncated output).
  static let rfc4231: [HMACVector] = [
    HMACVector(
      name: "RFC 4231 case 1", key: [UInt8](repeating: 0x0b, count: 20), message: [UInt8](utf8: "Hi There"),
      expected: [
        .sha256: [UInt8](hex: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        .sha512: [UInt8](
          hex: "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
            + "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854"),
      ]),
    HMACVector(
      name: "RFC 4231 case 2", key: [UInt8](utf8: "Jefe"),
      message: [UInt8](utf8: "what do ya want for nothing?"),
      expected: [
        .sha256: [UInt8](hex: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        .sha512: [UInt8](
          hex: "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
            + "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737"),
      ]),
    HMACVector(
      name: "RFC 4231 case 3", key: [UInt8](repeating: 0xaa, count: 20),
      message: [UInt8](repeating: 0xdd, count: 50),
      expected: [
        .sha256: [UInt8](hex: "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        .sha512: [UInt8](
          hex: "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39"
            + "bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb"),
      ]),
    HMACVector(
      name: "RFC 4231 case 4", key: Array(1...25), message: [UInt8](repeating: 0xcd, count: 50),
      expected: [
        .sha256: [UInt8](hex: "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        .sha512: [UInt8](
          hex: "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3db"
            + "a91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd"),
      ]),
    HMACVector(
      name: "RFC 4231 case 6 (131-byte key)", key: [UInt8](repeating: 0xaa, count: 131),
      message: [UInt8](utf8: "Test Using Larger Than Block-Size Key - Hash Key First"),
      expected: [
        .sha256: [UInt8](hex: "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        .sha512: [UInt8](
          hex: "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352"
            + "6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598"),
      ]),
    HMACVector(
      name: "RFC 4231 case 7 (131-byte key, long message)", key: [UInt8](repeating: 0xaa, count: 131),
      message: [UInt8](
        utf8: "This is a test using a larger than block-size key and a larger than block-size data."
          + " The key needs to be hashed before being used by the HMAC algorithm."),
      expected: [
        .sha256: [UInt8](hex: "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
        .sha512: [UInt8](
          hex: "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944"
            + "b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58"),
      ]),
  ]

  /// RFC 2202 §3 HMAC-SHA1 test cases 1, 2, 3, 6 and 7.
  static let rfc2202: [HMACVector] = [
    HMACVector(
      name: "RFC 2202 case 1", key: [UInt8](repeating: 0x0b, count: 20), message: [UInt8](utf8: "Hi There"),
      expected: [.sha1: [UInt8](hex: "b617318655057264e28bc0b6fb378c8ef146be00")]),
    HMACVector(
      name: "RFC 2202 case 2", key: [UInt8](utf8: "Jefe"),
      message: [UInt8](utf8: "what do ya want for nothing?"),
      expected: [.sha1: [UInt8](hex: "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79")]),
    HMACVector(
      name: "RFC 2202 case 3", key: [UInt8](repeating: 0xaa, count: 20),
      message: [UInt8](repeating: 0xdd, count: 50),
      expected: [.sha1: [UInt8](hex: "125d7342b9ac11cd91a39af48aa17b4f63f175d3")]),
    HMACVector(
      name: "RFC 2202 case 6 (80-byte key)", key: [UInt8](repeating: 0xaa, count: 80),
      message: [UInt8](utf8: "Test Using Larger Than Block-Size Key - Hash Key First"),
      expected: [.sha1: [UInt8](hex: "aa4ae5e15272d00e95705637ce8a3b55ed402112")]),
    HMACVector(
      name: "RFC 2202 case 7 (80-byte key, long message)", key: [UInt8](repeating: 0xaa, count: 80),
      message: [UInt8](utf8: "Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data"),
      expected: [.sha1: [UInt8](hex: "e8e99d0f45237d786d6bbaa7965c7808bbff1a91")]),
  ]

  @Test(
    "Keyed HMAC equals OpenSSL's one-shot HMAC for every key length from 0 to 200 bytes",
    arguments: DigestAlgorithm.allCases)
  func keyedMatchesOneShotForAllKeyLengths(algorithm: DigestAlgorithm) {
    var random = SplitMix64(seed: 0x7F0F_01D5 &+ UInt64(algorithm.outputSize))
    for keyLength in 0...200 {
      let key = random.bytes(keyLength)
      let message = random.bytes(Int.random(in: 0...300, using: &random))
      let keyed = HMAC(algorithm, key: key).authenticate(message)
      let reference = HMAC.authenticate(algorithm, key: key, message: message)
      #expect(keyed == reference, "key length \(keyLength), message length \(message.count)")
    }
  }

  @Test(
    "Keyed HMAC equals one-shot HMAC for messages around the block size",
    arguments: DigestAlgorithm.allCases)
  func keyedMatchesOneShotAroundBlockSize(algorithm: DigestAlgorithm) {
    var random = SplitMix64(seed: 42)
    let key = random.bytes(algorithm.blockSize)
    let block = algorithm.blockSize
    for length in [0, 1, 8, block - 9, block - 8, block - 1, block, block + 1, 2 * block, 2 * block + 1] {
      let message = random.bytes(length)
      #expect(
        HMAC(algorithm, key: key).authenticate(message)
          == HMAC.authenticate(algorithm, key: key, message: message), "message length \(length)")
    }
  }

  @Test(
    "One keyed HMAC reused for many messages gives each message's own MAC",
    arguments: DigestAlgorithm.allCases)
  func keyedInstanceIsReusable(algorithm: DigestAlgorithm) {
    var random = SplitMix64(seed: 7)
    let key = random.bytes(37)
    let mac = HMAC(algorithm, key: key)
    for _ in 0..<64 {
      let message = random.bytes(Int.random(in: 0...80, using: &random))
      #expect(mac.authenticate(message) == HMAC.authenticate(algorithm, key: key, message: message))
    }
  }

  @Test("One keyed HMAC shared by concurrent tasks gives every task the right MACs")
  func sharedAcrossTasks() async {
    let key = [UInt8](repeating: 0x42, count: 20)
    let mac = HMAC(.sha256, key: key)
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          var random = SplitMix64(seed: UInt64(task))
          var mismatches = 0
          for _ in 0..<500 {
            let message = random.bytes(8)
            if mac.authenticate(message) != HMAC.authenticate(.sha256, key: key, message: message) {
              mismatches += 1
            }
          }
          return mismatches
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }

  @Test("A MAC is as long as the digest's output", arguments: DigestAlgorithm.allCases)
  func macLengthIsDigestLength(algorithm: DigestAlgorithm) {
    #expect(HMAC(algorithm, key: [1, 2, 3]).authenticate([4, 5, 6]).count == algorithm.outputSize)
    #expect(HMAC.authenticate(algorithm, key: [1, 2, 3], message: [4, 5, 6]).count == algorithm.outputSize)
  }

  @Test("Different keys give different MACs of the same message", arguments: DigestAlgorithm.allCases)
  func keyChangesMAC(algorithm: DigestAlgorithm) {
    let message = [UInt8](utf8: "message")
    #expect(
      HMAC(algorithm, key: [0]).authenticate(message) != HMAC(algorithm, key: [1]).authenticate(message))
  }

  @Test("HMAC-SHA256 and HMAC-SHA512 match RFC 4231", arguments: rfc4231, HMACForm.allCases)
  func rfc4231Vectors(vector: HMACVector, form: HMACForm) {
    for (algorithm, expected) in vector.expected {
      #expect(form.mac(algorithm, key: vector.key, message: vector.message) == expected, "\(algorithm)")
    }
  }

  @Test("HMAC-SHA1 matches RFC 2202", arguments: rfc2202, HMACForm.allCases)
  func rfc2202Vectors(vector: HMACVector, form: HMACForm) {
    #expect(form.mac(.sha1, key: vector.key, message: vector.message) == vector.expected[.sha1])
  }
}
