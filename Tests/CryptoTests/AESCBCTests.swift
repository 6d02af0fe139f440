import Crypto
import Testing

@Suite("AES-256-CBC")
struct AESCBCTests {
  /// NIST SP 800-38A appendix F.2.5 and F.2.6 (CBC-AES256), four blocks without padding.
  enum SP80038A {
    static let key = [UInt8](hex: "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4")
    static let iv = [UInt8](hex: "000102030405060708090a0b0c0d0e0f")
    static let plaintext = [UInt8](
      hex: "6bc1bee22e409f96e93d7e117393172a ae2d8a571e03ac9c9eb76fac45af8e51"
        + "30c81c46a35ce411e5fbc1191a0a52ef f69f2445df4f9b17ad2b417be66c3710")
    static let ciphertext = [UInt8](
      hex: "f58c4c04d6e5f1ba779eabfb5f7bfbd6 9cfc4e967edb808d679f777bc6702c7d"
        + "39f23369a9d9bacfa530e26304231461 b2eb05e2c39be9fcda6c19078c6a9d1b")
  }

  @Test("Encrypting the SP 800-38A CBC-AES256 blocks without padding gives their ciphertext")
  func encryptMatchesNIST() throws {
    let ciphertext = try AESCBC.encrypt(
      SP80038A.plaintext, key: SP80038A.key, iv: SP80038A.iv, padding: .none)
    #expect(ciphertext == SP80038A.ciphertext)
  }

  @Test("Decrypting the SP 800-38A CBC-AES256 ciphertext without padding gives its plaintext")
  func decryptMatchesNIST() throws {
    let plaintext = try AESCBC.decrypt(
      SP80038A.ciphertext, key: SP80038A.key, iv: SP80038A.iv, padding: .none)
    #expect(plaintext == SP80038A.plaintext)
  }

  @Test("PKCS#7 pads a short message to one block, as `openssl enc -aes-256-cbc` does")
  func pkcs7MatchesOpenSSLCommand() throws {
    let ciphertext = try AESCBC.encrypt([UInt8](utf8: "hello"), key: SP80038A.key, iv: SP80038A.iv)
    #expect(ciphertext == [UInt8](hex: "11567e234fd4575f682ce39def007307"))
    #expect(try AESCBC.decrypt(ciphertext, key: SP80038A.key, iv: SP80038A.iv) == [UInt8](utf8: "hello"))
  }

  @Test("PKCS#7 round-trips every length and always adds 1 to 16 bytes", arguments: 0...33)
  func pkcs7RoundTrip(length: Int) throws {
    let plaintext = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    let ciphertext = try AESCBC.encrypt(plaintext, key: SP80038A.key, iv: SP80038A.iv)
    #expect(ciphertext.count == (length / 16 + 1) * 16)
    #expect(try AESCBC.decrypt(ciphertext, key: SP80038A.key, iv: SP80038A.iv) == plaintext)
  }

  @Test("Without padding, decryption keeps the padding bytes PKCS#7 would remove")
  func unpaddedKeepsPadding() throws {
    let ciphertext = try AESCBC.encrypt([UInt8](utf8: "hello"), key: SP80038A.key, iv: SP80038A.iv)
    let raw = try AESCBC.decrypt(ciphertext, key: SP80038A.key, iv: SP80038A.iv, padding: .none)
    #expect(raw == [UInt8](utf8: "hello") + [UInt8](repeating: 11, count: 11))
  }

  @Test("A wrong key makes the padding fail its check: authenticationFailed")
  func wrongKey() throws {
    let ciphertext = try AESCBC.encrypt([UInt8](utf8: "hello"), key: SP80038A.key, iv: SP80038A.iv)
    var wrong = SP80038A.key
    wrong[0] ^= 1
    #expect(throws: CryptoError.authenticationFailed) {
      try AESCBC.decrypt(ciphertext, key: wrong, iv: SP80038A.iv)
    }
  }

  @Test(
    "Wrong key, IV or ciphertext lengths are refused before OpenSSL runs",
    arguments: [(31, 16, 16), (32, 12, 16), (32, 16, 15), (32, 16, 0)])
  func lengths(key: Int, iv: Int, ciphertext: Int) {
    let error = #expect(throws: CryptoError.self) {
      try AESCBC.decrypt(
        [UInt8](repeating: 1, count: ciphertext), key: [UInt8](repeating: 2, count: key),
        iv: [UInt8](repeating: 3, count: iv))
    }
    #expect(error.isInvalidLength)
  }

  @Test("Unpadded encryption needs whole blocks")
  func unpaddedPlaintextLength() {
    let error = #expect(throws: CryptoError.self) {
      try AESCBC.encrypt([1, 2, 3], key: SP80038A.key, iv: SP80038A.iv, padding: .none)
    }
    #expect(error.isInvalidLength)
  }
}
