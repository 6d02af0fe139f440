import Crypto
import Foundation

/// An Aegis vault reader written from vault-format.md with Foundation's JSON parser and the
/// Crypto primitives, sharing no code with Data, so a file Twofold writes is checked against
/// the format rather than against itself.
enum IndependentAegisReader {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// The outer object.
  static func outer(_ bytes: [UInt8]) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
      throw Failure(description: "the file is not a JSON object")
    }
    return object
  }

  /// The password slots (type 1) of an encrypted vault.
  static func passwordSlots(_ bytes: [UInt8]) throws -> [[String: Any]] {
    let header = try outer(bytes)["header"] as? [String: Any]
    guard let slots = header?["slots"] as? [[String: Any]] else { throw Failure(description: "no slots") }
    return slots.filter { ($0["type"] as? Int) == 1 }
  }

  /// Unwraps the master key with the first password slot `password` opens
  /// (scrypt with the slot's N, r, p and salt, then AES-256-GCM).
  static func masterKey(_ bytes: [UInt8], password: String) throws -> [UInt8] {
    for slot in try passwordSlots(bytes) {
      guard let n = slot["n"] as? Int, let r = slot["r"] as? Int, let p = slot["p"] as? Int,
        let salt = hex(slot["salt"]), let key = hex(slot["key"]),
        let params = slot["key_params"] as? [String: Any], let nonce = hex(params["nonce"]),
        let tag = hex(params["tag"])
      else { throw Failure(description: "incomplete password slot") }
      let slotKey = try KeyDerivation.scrypt(
        password: Array(password.utf8), salt: salt,
        parameters: KeyDerivation.ScryptParameters(n: UInt64(n), r: UInt64(r), p: UInt64(p)))
      if let master = try? AESGCM.open(
        AESGCM.SealedBox(ciphertext: key, tag: tag), key: slotKey, nonce: nonce)
      {
        return master
      }
    }
    throw Failure(description: "no password slot opens with this password")
  }

  /// The db object of an encrypted vault, decrypted with `masterKey`.
  static func database(_ bytes: [UInt8], masterKey: [UInt8]) throws -> [String: Any] {
    let outer = try outer(bytes)
    guard let header = outer["header"] as? [String: Any], let params = header["params"] as? [String: Any],
      let nonce = hex(params["nonce"]), let tag = hex(params["tag"]),
      let text = outer["db"] as? String, let ciphertext = Data(base64Encoded: text)
    else { throw Failure(description: "not an encrypted vault") }
    let plaintext = try AESGCM.open(
      AESGCM.SealedBox(ciphertext: [UInt8](ciphertext), tag: tag), key: masterKey, nonce: nonce)
    guard let db = try JSONSerialization.jsonObject(with: Data(plaintext)) as? [String: Any] else {
      throw Failure(description: "the db is not a JSON object")
    }
    return db
  }

  /// The db object of an encrypted vault opened with `password`.
  static func database(_ bytes: [UInt8], password: String) throws -> [String: Any] {
    try database(bytes, masterKey: try masterKey(bytes, password: password))
  }

  /// Hex text as bytes; nil unless it is an even number of hex digits.
  static func hex(_ value: Any?) -> [UInt8]? {
    guard let text = value as? String, text.count.isMultiple(of: 2) else { return nil }
    var bytes: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(index, offsetBy: 2)
      guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
      bytes.append(byte)
      index = next
    }
    return bytes
  }
}
