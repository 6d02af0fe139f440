import COpenSSL

/// AES-256 in CBC mode (NIST SP 800-38A §6.2) through OpenSSL's EVP interface, with or without
/// PKCS#7 padding (RFC 5652 §6.3). CBC has no authentication: only other apps' exports use it.
public enum AESCBC {
  /// Key length in bytes.
  public static let keySize = 32
  /// Block and IV length in bytes.
  public static let blockSize = 16

  /// How the plaintext is brought to a whole number of blocks.
  public enum Padding: Sendable {
    /// PKCS#7: 1 to 16 bytes, each holding the count; checked when decrypting.
    case pkcs7
    /// None: the plaintext is already a whole number of blocks.
    case none
  }

  /// Encrypts `plaintext` under `key` and `iv`.
  public static func encrypt(
    _ plaintext: [UInt8], key: [UInt8], iv: [UInt8], padding: Padding = .pkcs7
  ) throws(CryptoError) -> [UInt8] {
    try checkLengths(key: key, iv: iv)
    if padding == .none, !plaintext.count.isMultiple(of: blockSize) {
      throw .invalidLength("unpadded CBC plaintext must be a multiple of \(blockSize) bytes")
    }
    return try run(encrypting: true, plaintext, key: key, iv: iv, padding: padding)
  }

  /// Decrypts `ciphertext`; with `.pkcs7`, padding that does not check (a wrong key, or altered
  /// data) is `authenticationFailed`, the nearest CBC comes to an authentication failure.
  public static func decrypt(
    _ ciphertext: [UInt8], key: [UInt8], iv: [UInt8], padding: Padding = .pkcs7
  ) throws(CryptoError) -> [UInt8] {
    try checkLengths(key: key, iv: iv)
    guard ciphertext.count.isMultiple(of: blockSize), padding == .none || !ciphertext.isEmpty else {
      throw .invalidLength("CBC ciphertext must be a non-zero multiple of \(blockSize) bytes")
    }
    return try run(encrypting: false, ciphertext, key: key, iv: iv, padding: padding)
  }

  private static func run(
    encrypting: Bool, _ input: [UInt8], key: [UInt8], iv: [UInt8], padding: Padding
  ) throws(CryptoError) -> [UInt8] {
    let context = try CipherContext()
    let operation = encrypting ? "AES-CBC encryption" : "AES-CBC decryption"
    var output = [UInt8](repeating: 0, count: input.count + blockSize)
    var ok = EVP_CipherInit_ex(context.pointer, EVP_aes_256_cbc(), nil, key, iv, encrypting ? 1 : 0) == 1
    ok = ok && EVP_CIPHER_CTX_set_padding(context.pointer, padding == .pkcs7 ? 1 : 0) == 1
    var written: Int32 = 0
    if ok && !input.isEmpty {
      ok = output.withUnsafeMutableBufferPointer { out in
        EVP_CipherUpdate(context.pointer, out.baseAddress, &written, input, Int32(input.count)) == 1
      }
    }
    guard ok else {
      wipe(&output)
      throw .library(operation)
    }
    var final: Int32 = 0
    let finished = output.withUnsafeMutableBufferPointer { out in
      EVP_CipherFinal_ex(context.pointer, out.baseAddress! + Int(written), &final) == 1
    }
    guard finished else {
      wipe(&output)
      if encrypting { throw .library(operation) }
      throw .authenticationFailed
    }
    let result = Array(output[..<Int(written + final)])
    wipe(&output)
    return result
  }

  private static func checkLengths(key: [UInt8], iv: [UInt8]) throws(CryptoError) {
    guard key.count == keySize else { throw .invalidLength("AES-256 key must be \(keySize) bytes") }
    guard iv.count == blockSize else { throw .invalidLength("CBC IV must be \(blockSize) bytes") }
  }
}
