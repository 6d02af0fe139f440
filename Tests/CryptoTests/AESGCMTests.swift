import Crypto
import TestSupport
import Testing

@Suite("AES-256-GCM")
struct AESGCMTests {
  /// The GCM specification's test case 16 (McGrew & Viega): AES-256, 96-bit IV, with associated data.
  enum TestCase16 {
    static let key = [UInt8](hex: "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308")
    static let nonce = [UInt8](hex: "cafebabefacedbaddecaf888")
    static let plaintext = [UInt8](
      hex: "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
        + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39")
    static let associatedData = [UInt8](hex: "feedfacedeadbeeffeedfacedeadbeefabaddad2")
    static let ciphertext = [UInt8](
      hex: "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
        + "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662")
    static let tag = [UInt8](hex: "76fc6ece0f4e1768cddf8853bb2d551b")
  }

  private let key = [UInt8](hex: "8d2a3c5e7f9a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6071829304")
  private let nonce = [UInt8](hex: "0f1e2d3c4b5a69788796a5b4")
  private let plaintext = [UInt8](utf8: "{\"version\":3,\"entries\":[]}")

  @Test("Sealing the GCM test case 16 gives its exact ciphertext and tag")
  func sealMatchesTestCase16() throws {
    let box = try AESGCM.seal(
      TestCase16.plaintext, key: TestCase16.key, nonce: TestCase16.nonce,
      authenticating: TestCase16.associatedData)
    #expect(box.ciphertext == TestCase16.ciphertext)
    #expect(box.tag == TestCase16.tag)
  }

  @Test("Opening the GCM test case 16 gives its plaintext")
  func openMatchesTestCase16() throws {
    let box = AESGCM.SealedBox(ciphertext: TestCase16.ciphertext, tag: TestCase16.tag)
    let opened = try AESGCM.open(
      box, key: TestCase16.key, nonce: TestCase16.nonce, authenticating: TestCase16.associatedData)
    #expect(opened == TestCase16.plaintext)
  }

  @Test("Sealing an empty message under a zero key and nonce gives GCM test case 13's tag")
  func emptyMessageTag() throws {
    let box = try AESGCM.seal(
      [], key: [UInt8](repeating: 0, count: 32), nonce: [UInt8](repeating: 0, count: 12))
    #expect(box.ciphertext.isEmpty)
    #expect(box.tag == [UInt8](hex: "530f8afbc74536b9a963b4f1c4cb738b"))
  }

  @Test(
    "Open returns what seal was given, for lengths around the block size",
    arguments: [0, 1, 15, 16, 17, 1000])
  func roundTrip(length: Int) throws {
    var random = SplitMix64(seed: UInt64(length))
    let message = random.bytes(length)
    let box = try AESGCM.seal(message, key: key, nonce: nonce, authenticating: [9, 9])
    #expect(box.ciphertext.count == length)
    #expect(box.tag.count == AESGCM.tagSize)
    #expect(try AESGCM.open(box, key: key, nonce: nonce, authenticating: [9, 9]) == message)
  }

  @Test("The ciphertext differs from the plaintext")
  func ciphertextIsNotPlaintext() throws {
    let box = try AESGCM.seal(plaintext, key: key, nonce: nonce)
    #expect(box.ciphertext != plaintext)
  }

  @Test("Opening with any one ciphertext bit flipped fails authentication", arguments: [0, 7, 25])
  func flippedCiphertextIsRefused(index: Int) throws {
    var box = try AESGCM.seal(plaintext, key: key, nonce: nonce)
    box.ciphertext[index] ^= 0x01
    #expect(throws: CryptoError.authenticationFailed) { try AESGCM.open(box, key: key, nonce: nonce) }
  }

  @Test("Opening with any one tag bit flipped fails authentication", arguments: [0, 15])
  func flippedTagIsRefused(index: Int) throws {
    var box = try AESGCM.seal(plaintext, key: key, nonce: nonce)
    box.tag[index] ^= 0x80
    #expect(throws: CryptoError.authenticationFailed) { try AESGCM.open(box, key: key, nonce: nonce) }
  }

  @Test("Opening with another key fails authentication")
  func wrongKeyIsRefused() throws {
    let box = try AESGCM.seal(plaintext, key: key, nonce: nonce)
    var otherKey = key
    otherKey[31] ^= 0x01
    #expect(throws: CryptoError.authenticationFailed) { try AESGCM.open(box, key: otherKey, nonce: nonce) }
  }

  @Test("Opening with another nonce fails authentication")
  func wrongNonceIsRefused() throws {
    let box = try AESGCM.seal(plaintext, key: key, nonce: nonce)
    var otherNonce = nonce
    otherNonce[0] ^= 0x01
    #expect(throws: CryptoError.authenticationFailed) { try AESGCM.open(box, key: key, nonce: otherNonce) }
  }

  @Test("Opening with other associated data fails authentication")
  func wrongAssociatedDataIsRefused() throws {
    let box = try AESGCM.seal(plaintext, key: key, nonce: nonce, authenticating: [1])
    #expect(throws: CryptoError.authenticationFailed) {
      try AESGCM.open(box, key: key, nonce: nonce, authenticating: [2])
    }
  }

  @Test("A key that is not 32 bytes is refused by seal", arguments: [0, 16, 24, 31, 33])
  func badKeyLengthRefusedBySeal(length: Int) {
    let error = #expect(throws: CryptoError.self) {
      try AESGCM.seal([1], key: [UInt8](repeating: 7, count: length), nonce: nonce)
    }
    #expect(error.isInvalidLength)
  }

  @Test("A key that is not 32 bytes is refused by open", arguments: [0, 16, 31, 33])
  func badKeyLengthRefusedByOpen(length: Int) throws {
    let box = try AESGCM.seal(plaintext, key: key, nonce: nonce)
    let error = #expect(throws: CryptoError.self) {
      try AESGCM.open(box, key: [UInt8](repeating: 7, count: length), nonce: nonce)
    }
    #expect(error.isInvalidLength)
  }

  @Test("A tag that is not 16 bytes is refused as a bad length", arguments: [0, 12, 17])
  func badTagLengthRefused(length: Int) throws {
    var box = try AESGCM.seal(plaintext, key: key, nonce: nonce)
    box.tag = [UInt8](repeating: 0, count: length)
    let error = #expect(throws: CryptoError.self) { try AESGCM.open(box, key: key, nonce: nonce) }
    #expect(error.isInvalidLength)
  }

  @Test("An empty nonce is refused")
  func emptyNonceRefused() {
    let error = #expect(throws: CryptoError.self) { try AESGCM.seal([1], key: key, nonce: []) }
    #expect(error.isInvalidLength)
  }
}
