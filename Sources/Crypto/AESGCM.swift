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
    var copy = key
    return try seal(plaintext, key: SecretBytes(wiping: &copy), nonce: nonce, authenticating: aad)
  }

  /// Encrypts and authenticates `plaintext` under a key kept in `SecretBytes`.
  public static func seal(
    _ plaintext: [UInt8], key: SecretBytes, nonce: [UInt8], authenticating aad: [UInt8] = []
  ) throws(CryptoError) -> SealedBox {
    try plaintext.withUnsafeBytes { seal($0, key: key, nonce: nonce, aad: aad) }.get()
  }

  /// Encrypts and authenticates key material (a master key wrapped under a slot key).
  public static func seal(
    _ plaintext: SecretBytes, key: SecretBytes, nonce: [UInt8], authenticating aad: [UInt8] = []
  ) throws(CryptoError) -> SealedBox {
    try plaintext.withUnsafeBytes { seal($0, key: key, nonce: nonce, aad: aad) }.get()
  }

  /// Checks the tag and decrypts; a wrong key or any altered byte is `authenticationFailed`.
  public static func open(
    _ box: SealedBox, key: [UInt8], nonce: [UInt8], authenticating aad: [UInt8] = []
  ) throws(CryptoError) -> [UInt8] {
    var copy = key
    return try open(box, key: SecretBytes(wiping: &copy), nonce: nonce, authenticating: aad)
  }

  /// Checks the tag and decrypts under a key kept in `SecretBytes`.
  public static func open(
    _ box: SealedBox, key: SecretBytes, nonce: [UInt8], authenticating aad: [UInt8] = []
  ) throws(CryptoError) -> [UInt8] {
    try checkLengths(keyCount: key.count, nonce: nonce)
    return try key.withUnsafeBytes { open(box, key: $0, nonce: nonce, aad: aad) }.get()
  }

  /// Checks the tag and decrypts key material straight into `SecretBytes` (a wrapped master key).
  public static func openSecret(
    _ box: SealedBox, key: SecretBytes, nonce: [UInt8], authenticating aad: [UInt8] = []
  ) throws(CryptoError) -> SecretBytes {
    try checkLengths(keyCount: key.count, nonce: nonce)
    return try SecretBytes(count: box.ciphertext.count) { (output) throws(CryptoError) in
      if let failure = key.withUnsafeBytes({ open(box, key: $0, nonce: nonce, aad: aad, into: output) }) {
        throw failure
      }
    }
  }

  /// Checks the lengths, then seals `plaintext` under `key`.
  private static func seal(
    _ plaintext: UnsafeRawBufferPointer, key: SecretBytes, nonce: [UInt8], aad: [UInt8]
  ) -> Result<SealedBox, CryptoError> {
    do throws(CryptoError) {
      try checkLengths(keyCount: key.count, nonce: nonce)
    } catch {
      return .failure(error)
    }
    return key.withUnsafeBytes { seal(plaintext, key: $0, nonce: nonce, aad: aad) }
  }

  /// AES-256-GCM decryption of `box` into a new array.
  private static func open(
    _ box: SealedBox, key: UnsafeRawBufferPointer, nonce: [UInt8], aad: [UInt8]
  ) -> Result<[UInt8], CryptoError> {
    var plaintext = [UInt8](repeating: 0, count: box.ciphertext.count)
    let failure = plaintext.withUnsafeMutableBytes { open(box, key: key, nonce: nonce, aad: aad, into: $0) }
    return failure.map { .failure($0) } ?? .success(plaintext)
  }

  /// AES-256-GCM encryption of `plaintext` under `key` (checked to be 32 bytes).
  private static func seal(
    _ plaintext: UnsafeRawBufferPointer, key: UnsafeRawBufferPointer, nonce: [UInt8], aad: [UInt8]
  ) -> Result<SealedBox, CryptoError> {
    guard let context = try? CipherContext() else { return .failure(.library("EVP_CIPHER_CTX_new")) }
    var ciphertext = [UInt8](repeating: 0, count: plaintext.count)
    var tag = [UInt8](repeating: 0, count: tagSize)
    var ok = EVP_EncryptInit_ex(context.pointer, EVP_aes_256_gcm(), nil, nil, nil) == 1
    ok = ok && EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_SET_IVLEN, Int32(nonce.count), nil) == 1
    ok = ok && EVP_EncryptInit_ex(context.pointer, nil, nil, bytes(key), nonce) == 1
    var length: Int32 = 0
    if ok && !aad.isEmpty {
      ok = EVP_EncryptUpdate(context.pointer, nil, &length, aad, Int32(aad.count)) == 1
    }
    if ok && !plaintext.isEmpty {
      ok = ciphertext.withUnsafeMutableBufferPointer { out in
        EVP_EncryptUpdate(context.pointer, out.baseAddress, &length, bytes(plaintext), Int32(plaintext.count))
          == 1
      }
    }
    var finalBlock = [UInt8](repeating: 0, count: 16)
    ok = ok && EVP_EncryptFinal_ex(context.pointer, &finalBlock, &length) == 1
    ok = ok && EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_GET_TAG, Int32(tagSize), &tag) == 1
    guard ok else { return .failure(.library("AES-GCM encryption")) }
    return .success(SealedBox(ciphertext: ciphertext, tag: tag))
  }

  /// AES-256-GCM decryption of `box` into `output` (as long as the ciphertext); nil when done,
  /// else the failure, with `output` wiped.
  private static func open(
    _ box: SealedBox, key: UnsafeRawBufferPointer, nonce: [UInt8], aad: [UInt8],
    into output: UnsafeMutableRawBufferPointer
  ) -> CryptoError? {
    guard box.tag.count == tagSize else { return .invalidLength("GCM tag must be \(tagSize) bytes") }
    guard let context = try? CipherContext() else { return .library("EVP_CIPHER_CTX_new") }
    var tag = box.tag
    var ok = EVP_DecryptInit_ex(context.pointer, EVP_aes_256_gcm(), nil, nil, nil) == 1
    ok = ok && EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_SET_IVLEN, Int32(nonce.count), nil) == 1
    ok = ok && EVP_DecryptInit_ex(context.pointer, nil, nil, bytes(key), nonce) == 1
    var length: Int32 = 0
    if ok && !aad.isEmpty {
      ok = EVP_DecryptUpdate(context.pointer, nil, &length, aad, Int32(aad.count)) == 1
    }
    if ok && !box.ciphertext.isEmpty {
      ok =
        EVP_DecryptUpdate(
          context.pointer, output.baseAddress?.assumingMemoryBound(to: UInt8.self), &length, box.ciphertext,
          Int32(box.ciphertext.count)) == 1
    }
    ok = ok && EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_SET_TAG, Int32(tagSize), &tag) == 1
    var failure: CryptoError?
    if !ok {
      failure = .library("AES-GCM decryption")
    } else {
      var finalBlock = [UInt8](repeating: 0, count: 16)
      if EVP_DecryptFinal_ex(context.pointer, &finalBlock, &length) != 1 { failure = .authenticationFailed }
    }
    if failure != nil, let base = output.baseAddress { OPENSSL_cleanse(base, output.count) }
    return failure
  }

  /// The bytes of `buffer` as OpenSSL takes them (arrays and `SecretBytes` hold `UInt8`).
  private static func bytes(_ buffer: UnsafeRawBufferPointer) -> UnsafePointer<UInt8>? {
    buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
  }

  private static func checkLengths(keyCount: Int, nonce: [UInt8]) throws(CryptoError) {
    guard keyCount == keySize else { throw .invalidLength("AES-256 key must be \(keySize) bytes") }
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
