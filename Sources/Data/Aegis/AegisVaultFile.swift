import Codecs
import Crypto
import Domain
import OTP

/// The outer object of an Aegis vault file (vault-format.md "Outer object"): its header of key
/// slots and the database, plain or sealed with AES-256-GCM under the master key.
struct AegisVaultFile {
  enum Database {
    case plain(JSONObject)
    case sealed(ciphertext: [UInt8], nonce: [UInt8], tag: [UInt8])
  }

  /// The outer object as read, so unknown top-level fields survive.
  var outer: JSONObject
  /// Every slot object in order, password slots or not.
  var slots: [JSONObject]
  var database: Database

  var isEncrypted: Bool {
    if case .sealed = database { return true }
    return false
  }

  /// Reads the outer structure; nothing is decrypted yet.
  static func read(_ bytes: [UInt8]) throws(DomainError) -> AegisVaultFile {
    guard !bytes.isEmpty else { throw .vaultCorrupted("the vault file is empty") }
    let root: JSONValue
    do throws(JSONError) {
      root = try JSONValue(parsing: bytes)
    } catch {
      throw .vaultCorrupted("the vault file is not valid JSON (\(error.description))")
    }
    guard var outer = root.objectValue else { throw .vaultCorrupted("the vault file is not a JSON object") }
    guard let version = outer["version"]?.int64Value else {
      throw .vaultCorrupted("the vault file has no valid version")
    }
    guard version == 1 else {
      throw version > 1
        ? .unsupportedVersion("vault file version \(version); this Twofold reads version 1")
        : .vaultCorrupted("the vault file has an invalid version")
    }
    guard let header = outer["header"]?.objectValue else { throw .vaultCorrupted("the vault has no header") }
    let slotsValue = header["slots"] ?? .null
    let paramsValue = header["params"] ?? .null
    if slotsValue.isNull && paramsValue.isNull {
      guard let db = outer["db"]?.objectValue else {
        throw .vaultCorrupted("the unencrypted vault's db is not an object")
      }
      outer["db"] = nil  // written again on save; not kept twice in memory
      return AegisVaultFile(outer: outer, slots: [], database: .plain(db))
    }
    guard let slotValues = slotsValue.arrayValue, let params = paramsValue.objectValue else {
      throw .vaultCorrupted("the vault header is incomplete")
    }
    let slots = try slotValues.enumerated().map { (index, value) throws(DomainError) in
      guard let object = value.objectValue else {
        throw DomainError.vaultCorrupted("key slot \(index + 1) is not an object")
      }
      return object
    }
    guard let nonce = hex(params["nonce"]?.stringValue), let tag = hex(params["tag"]?.stringValue),
      nonce.count == AESGCM.nonceSize, tag.count == AESGCM.tagSize
    else { throw .vaultCorrupted("the vault's encryption parameters are malformed") }
    guard let text = outer["db"]?.stringValue, let ciphertext = try? Base64.decode(text) else {
      throw .vaultCorrupted("the encrypted db is not Base64")
    }
    outer["db"] = nil  // its Base64 text is not needed again: the key derivation runs without it
    return AegisVaultFile(
      outer: outer, slots: slots, database: .sealed(ciphertext: ciphertext, nonce: nonce, tag: tag))
  }

  /// The password slots in file order.
  func passwordSlots() throws(DomainError) -> [(index: Int, slot: PasswordSlot)] {
    var result: [(index: Int, slot: PasswordSlot)] = []
    for (index, object) in slots.enumerated() {
      if let slot = try PasswordSlot.read(object, index: index) { result.append((index, slot)) }
    }
    return result
  }

  /// Tries every password slot in order; the first that opens gives the master key.
  func unlock(password: [UInt8]) throws(DomainError) -> (masterKey: SecretBytes, slotIndex: Int) {
    try Self.unlock(try passwordSlots(), password: password)
  }

  /// The key-derivation work (N·r·p) one file's slots may cost a password in all: two slots at
  /// the largest work accepted, or 128 at Aegis' own, so a hostile file with many costly slots
  /// costs seconds, not minutes (issue 32).
  static let slotBudget: UInt64 = 2 * KeyDerivation.scryptWorkLimit

  /// Tries `candidates`, the cheapest first (in file order among equals), within `budget`; the
  /// first that opens gives the master key. A slot whose parameters are refused is skipped, so
  /// it cannot make a vault unreadable whose other slot the password opens; when none opens,
  /// the error names the slots skipped.
  static func unlock(
    _ candidates: [(index: Int, slot: PasswordSlot)], password: [UInt8], budget: UInt64 = slotBudget
  ) throws(DomainError) -> (masterKey: SecretBytes, slotIndex: Int) {
    guard !candidates.isEmpty else {
      throw .vaultCorrupted("the vault has no password slot Twofold can open")
    }
    var usable: [(index: Int, slot: PasswordSlot, work: UInt64)] = []
    var refused: [Int] = []
    for (index, slot) in candidates {
      switch KeyDerivation.scryptWork(slot.scrypt) {
      case .success(let work): usable.append((index, slot, work))
      case .failure: refused.append(index)
      }
    }
    usable.sort { ($0.work, $0.index) < ($1.work, $1.index) }
    var spent: UInt64 = 0
    var untried: [Int] = []
    for (index, slot, work) in usable {
      guard spent + work <= budget else {
        untried.append(index)
        continue
      }
      spent += work
      if let key = try slot.unwrap(password: password) { return (key, index) }
    }
    guard refused.isEmpty && untried.isEmpty else {
      var parts: [String] = []
      if !refused.isEmpty {
        parts.append(
          "\(slotNames(refused)) \(refused.count == 1 ? "asks" : "ask") for more key-derivation work or memory "
            + "than Twofold allows")
      }
      if !untried.isEmpty {
        parts.append(
          "\(slotNames(untried)) were not tried: together they ask for more work than one file may")
      }
      let opened = usable.count > untried.count ? "the password opens none of the slots tried; " : ""
      throw .vaultCorrupted(opened + parts.joined(separator: "; "))
    }
    throw .wrongPassword
  }

  /// "password slot 3" or "password slots 3, 4 and 7", counting from 1.
  private static func slotNames(_ indices: [Int]) -> String {
    let numbers = indices.sorted().map { String($0 + 1) }
    guard numbers.count > 1 else { return "password slot \(numbers[0])" }
    return "password slots \(numbers.dropLast().joined(separator: ", ")) and \(numbers.last!)"
  }

  /// The db object: as stored, or decrypted with `masterKey`.
  func database(masterKey: SecretBytes?) throws(DomainError) -> JSONObject {
    switch database {
    case .plain(let object):
      return object
    case .sealed(let ciphertext, let nonce, let tag):
      guard let masterKey else { throw .passwordRequired }
      var plaintext: [UInt8]
      do {
        plaintext = try AESGCM.open(
          AESGCM.SealedBox(ciphertext: ciphertext, tag: tag), key: masterKey, nonce: nonce)
      } catch {
        throw .vaultCorrupted("the vault's db does not decrypt: the file was altered or damaged")
      }
      defer { wipe(&plaintext) }
      do {
        guard let object = try JSONValue(parsing: plaintext).objectValue else {
          throw DomainError.vaultCorrupted("the decrypted db is not a JSON object")
        }
        return object
      } catch let error as DomainError {
        throw error
      } catch {
        throw .vaultCorrupted("the decrypted db is not valid JSON")
      }
    }
  }

  /// The file's bytes for `db`: plain when `masterKey` is nil, else sealed with a fresh nonce.
  static func write(
    db: JSONObject, slots: [JSONObject], masterKey: SecretBytes?, outer: JSONObject?, random: RandomSource
  ) throws(DomainError) -> [UInt8] {
    try write(
      db: { db }, text: { (JSONValue.object(db).serialized(), false) }, slots: slots, masterKey: masterKey,
      outer: outer, random: random)
  }

  /// The file's bytes for `contents`' database, its text serialized once per `DatabaseText` scope.
  static func write(
    contents: VaultContents, slots: [JSONObject], masterKey: SecretBytes?, outer: JSONObject?,
    random: RandomSource
  ) throws(DomainError) -> [UInt8] {
    try write(
      db: { AegisDatabase.encode(contents) }, text: { DatabaseText.of(contents) }, slots: slots,
      masterKey: masterKey, outer: outer, random: random)
  }

  private static func write(
    db: () -> JSONObject, text: () -> (text: [UInt8], isKept: Bool), slots: [JSONObject],
    masterKey: SecretBytes?, outer: JSONObject?, random: RandomSource
  ) throws(DomainError) -> [UInt8] {
    var outer = outer ?? JSONObject()
    outer["version"] = .number(JSONNumber(Int64(1)))
    // Start from the header as read, so fields Twofold does not know stay.
    var header = outer["header"]?.objectValue ?? JSONObject()
    guard let masterKey else {
      header["slots"] = .null
      header["params"] = .null
      outer["header"] = .object(header)
      outer["db"] = .object(db())
      return JSONValue.object(outer).serialized(pretty: true)
    }
    var (plaintext, isKept) = text()
    defer { if !isKept { wipe(&plaintext) } }
    let nonce = random.bytes(AESGCM.nonceSize)
    let box: AESGCM.SealedBox
    do {
      box = try AESGCM.seal(plaintext, key: masterKey, nonce: nonce)
    } catch {
      throw .storage("could not encrypt the vault")
    }
    let params = JSONObject([("nonce", .string(Hex.encode(nonce))), ("tag", .string(Hex.encode(box.tag)))])
    header["slots"] = .array(slots.map(JSONValue.object))
    header["params"] = .object(params)
    outer["header"] = .object(header)
    outer["db"] = .string(Base64.encode(box.ciphertext))
    return JSONValue.object(outer).serialized(pretty: true)
  }
}
