import Codecs
import Crypto
import Domain
import OTP

/// A type-1 (password) key slot: the master key wrapped under scrypt(password) (vault-format.md "Slots").
struct PasswordSlot: Equatable {
  var uuid: String
  var wrappedKey: [UInt8]
  var nonce: [UInt8]
  var tag: [UInt8]
  var salt: [UInt8]
  var scrypt: KeyDerivation.ScryptParameters
  /// The slot as read, so fields Twofold does not interpret (`repaired`, `is_backup`, future ones) stay.
  var object: JSONObject

  /// Reads a slot object; nil when it is not a password slot.
  static func read(_ object: JSONObject, index: Int) throws(DomainError) -> PasswordSlot? {
    guard let type = object["type"]?.int64Value else {
      throw .vaultCorrupted("key slot \(index + 1) has no type")
    }
    guard type == 1 else { return nil }
    let keyParams = object["key_params"]?.objectValue
    guard let uuid = object["uuid"]?.stringValue,
      let wrapped = hex(object["key"]?.stringValue),
      let nonce = hex(keyParams?["nonce"]?.stringValue),
      let tag = hex(keyParams?["tag"]?.stringValue),
      let salt = hex(object["salt"]?.stringValue),
      let n = object["n"]?.uint64Value, let r = object["r"]?.uint64Value, let p = object["p"]?.uint64Value
    else { throw .vaultCorrupted("password slot \(index + 1) is incomplete") }
    return PasswordSlot(
      uuid: uuid, wrappedKey: wrapped, nonce: nonce, tag: tag, salt: salt,
      scrypt: KeyDerivation.ScryptParameters(n: n, r: r, p: p), object: object)
  }

  /// The master key, if `password` opens this slot; nil when the tag does not match. The slot
  /// key and the master key are decrypted straight into `SecretBytes`.
  func unwrap(password: [UInt8]) throws(DomainError) -> SecretBytes? {
    let slotKey: SecretBytes
    do {
      slotKey = try KeyDerivation.scryptKey(password: password, salt: salt, parameters: scrypt)
    } catch {
      throw .vaultCorrupted("password slot has unsupported scrypt parameters")
    }
    do {
      return try AESGCM.openSecret(
        AESGCM.SealedBox(ciphertext: wrappedKey, tag: tag), key: slotKey, nonce: nonce)
    } catch .authenticationFailed {
      return nil
    } catch {
      throw .vaultCorrupted("password slot key parameters are malformed")
    }
  }

  /// A slot wrapping `masterKey` under `password` with a fresh salt and nonce (N=2^15, r=8, p=1).
  static func make(
    uuid: String, masterKey: SecretBytes, password: [UInt8], random: RandomSource,
    keeping base: JSONObject? = nil
  ) throws(DomainError) -> PasswordSlot {
    let salt = random.bytes(32)
    let nonce = random.bytes(AESGCM.nonceSize)
    do {
      let slotKey = try KeyDerivation.scryptKey(password: password, salt: salt, parameters: .aegis)
      let box = try AESGCM.seal(masterKey, key: slotKey, nonce: nonce)
      var slot = PasswordSlot(
        uuid: uuid, wrappedKey: box.ciphertext, nonce: nonce, tag: box.tag, salt: salt, scrypt: .aegis,
        object: base ?? JSONObject())
      slot.writeFields()
      return slot
    } catch {
      throw .storage("could not derive the vault key")
    }
  }

  private mutating func writeFields() {
    let fresh = object.members.isEmpty
    object["type"] = .number(JSONNumber(Int64(1)))
    object["uuid"] = .string(uuid)
    object["key"] = .string(Hex.encode(wrappedKey))
    object["key_params"] = .object(
      JSONObject([("nonce", .string(Hex.encode(nonce))), ("tag", .string(Hex.encode(tag)))]))
    object["n"] = .number(JSONNumber(scrypt.n))
    object["r"] = .number(JSONNumber(scrypt.r))
    object["p"] = .number(JSONNumber(scrypt.p))
    object["salt"] = .string(Hex.encode(salt))
    if fresh {
      object["repaired"] = .bool(true)
      object["is_backup"] = .bool(false)
    }
  }
}

/// Hex from the file, in any case; nil when absent or malformed.
func hex(_ text: String?) -> [UInt8]? {
  text.flatMap { try? Hex.decode($0) }
}
