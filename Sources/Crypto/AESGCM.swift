import COpenSSL

/// AES-256-GCM authenticated encryption (NIST SP 800-38D) through OpenSSL's EVP interface.
public enum AESGCM {
  /// Key length in bytes.
  public static let keySize = 32
  /// Nonce length in bytes used by Twofold and the Aegis vault.
  public static let nonceSize = 12
  /// Tag length in bytes.
  public static let tagSize = 16

  /// The result of sealing: ciphertext and its authentication tag, kept apart as Aegis stores them.
  public struct SealedBox: Equatable, Sendable {
    /// The encrypted bytes, as long as the plaintext.
    public var ciphertext: [UInt8]
    /// The 16-byte GCM tag.
    public var tag: [UInt8]

    /// Pairs a ciphertext with its tag.
    public init(ciphertext: [UInt8], tag: [UInt8]) {
      self.ciphertext = ciphertext
      self.tag = tag
    }
  }

  /// Encrypts and authenticates `plaintext` (and `authenticating`, which is not encrypted).
  public static func seal(
    _ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], authenticating aad: [UInt8] = []
  ) throws(CryptoError) -> SealedBox {
    try checkLengths(key: key, nonce: nonce)
    let context = try CipherContext()
    var ciphertext = [UInt8](repeating: 0, count: plaintext.count)
    var tag = [UInt8](repeating: 0, count: tagSize)
    var ok = EVP_EncryptInit_ex(context.pointer, EVP_aes_256_gcm(), nil, nil, nil) == 1
    ok = ok && EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_SET_IVLEN, Int32(nonce.count), nil) == 1
    ok = ok && EVP_EncryptInit_ex(context.pointer, nil, nil, key, nonce) == 1
    var length: Int32 = 0
    if ok && !aad.isEmpty {
      ok = EVP_EncryptUpdate(context.pointer, nil, &length, aad, Int32(aad.count)) == 1
    }
    if ok && !plaintext.isEmpty {
      ok = ciphertext.withUnsafeMutableBufferPointer { out in
        EVP_EncryptUpdate(context.pointer, out.baseAddress, &length, plaintext, Int32(plaintext.count)) == 1
      }
    }
    var finalBlock = [UInt8](repeating: 0, count: 16)
    ok = ok && EVP_EncryptFinal_ex(context.pointer, &finalBlock, &length) == 1
    ok = ok && EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_GET_TAG, Int32(tagSize), &tag) == 1
    guard ok else { throw .library("AES-GCM encryption") }
    return SealedBox(ciphertext: ciphertext, tag: tag)
  }

  /// Checks the tag and decrypts; a wrong key or any altered byte is `authenticationFailed`.
  public static func open(
    _ box: SealedBox, key: [UInt8], nonce: [UInt8], authenticating aad: [UInt8] = []
  ) throws(CryptoError) -> [UInt8] {
    try checkLengths(key: key, nonce: nonce)
    guard box.tag.count == tagSize else { throw .invalidLength("GCM tag must be \(tagSize) bytes") }
    let context = try CipherContext()
    var plaintext = [UInt8](repeating: 0, count: box.ciphertext.count)
    var tag = box.tag
    var ok = EVP_DecryptInit_ex(context.pointer, EVP_aes_256_gcm(), nil, nil, nil) == 1
    ok = ok && EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_SET_IVLEN, Int32(nonce.count), nil) == 1
    ok = ok && EVP_DecryptInit_ex(context.pointer, nil, nil, key, nonce) == 1
    var length: Int32 = 0
    if ok && !aad.isEmpty {
      ok = EVP_DecryptUpdate(context.pointer, nil, &length, aad, Int32(aad.count)) == 1
    }
    if ok && !box.ciphertext.isEmpty {
      ok = plaintext.withUnsafeMutableBufferPointer { out in
        EVP_DecryptUpdate(
          context.pointer, out.baseAddress, &length, box.ciphertext, Int32(box.ciphertext.count)) == 1
      }
    }
    ok = ok && EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_SET_TAG, Int32(tagSize), &tag) == 1
    guard ok else { throw .library("AES-GCM decryption") }
    var finalBlock = [UInt8](repeating: 0, count: 16)
    guard EVP_DecryptFinal_ex(context.pointer, &finalBlock, &length) == 1 else {
      wipe(&plaintext)
      throw .authenticationFailed
    }
    return plaintext
  }

  private static func checkLengths(key: [UInt8], nonce: [UInt8]) throws(CryptoError) {
    guard key.count == keySize else { throw .invalidLength("AES-256 key must be \(keySize) bytes") }
    guard (1...128).contains(nonce.count) else { throw .invalidLength("GCM nonce must be 1 to 128 bytes") }
  }
}

/// Owns an `EVP_CIPHER_CTX` for the length of one operation.
final class CipherContext {
  let pointer: OpaquePointer

  init() throws(CryptoError) {
    guard let context = EVP_CIPHER_CTX_new() else { throw .library("EVP_CIPHER_CTX_new") }
    pointer = context
  }

  deinit { EVP_CIPHER_CTX_free(pointer) }
}
