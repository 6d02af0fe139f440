import Codecs
import Crypto
import Data
import Domain
import OTP
import TestSupport
import Testing

@Suite("Aegis vault round trips", .enabled(if: Vault.fixturesPresent, "shared fixtures absent"))
struct AegisRoundTripTests {
  static let vaults = [
    "aegis_plain.json", "aegis_encrypted.json", "generated/aegis_v3_plain_generated.json",
    "generated/aegis_v3_encrypted_generated.json", "vault/aegis_plain_grouped_v2.json",
  ]

  @Test("Loading, saving unchanged and loading again gives the same contents", arguments: vaults.dropLast())
  func sameContents(file: String) throws {
    let (storage, repository) = try Vault.memory(file)
    let before = try repository.load()
    try repository.update { _ in }
    #expect(storage.writes == 1)
    #expect(try Vault.repository(MemoryVaultStorage(storage.bytes)).load() == before)
  }

  @Test(
    "A plain vault saved twice unchanged is byte for byte the same file",
    arguments: [
      "aegis_plain.json", "generated/aegis_v3_plain_generated.json",
    ])
  func stablePlainFile(file: String) throws {
    let (storage, repository) = try Vault.memory(file)
    try repository.update { _ in }
    let first = storage.bytes
    try repository.update { _ in }
    #expect(storage.bytes == first)
  }

  @Test("Saving keeps icon, icon_mime and icon_hash, and the hash still matches the icon")
  func iconsSurvive() throws {
    let original = try Vault.json(Vault.fixture("generated/aegis_v3_plain_generated.json"))
    let (storage, repository) = try Vault.memory("generated/aegis_v3_plain_generated.json")
    try repository.update { _ in }
    let saved = try Vault.json(storage.bytes)
    let before = try #require(original[path: ["db", "entries", 0]]?.objectValue)
    let after = try #require(saved[path: ["db", "entries", 0]]?.objectValue)
    for key in ["icon", "icon_mime", "icon_hash"] { #expect(after[key] == before[key], "\(key)") }
    let icon = try Base64.decode(try #require(after["icon"]?.stringValue))
    let mime = Array(try #require(after["icon_mime"]?.stringValue).utf8)
    #expect(Hex.encode(Digest.sha256(mime + icon)) == after["icon_hash"]?.stringValue)
  }

  /// The generated v3 vault with a field Twofold does not know at every level it keeps.
  static func withUnknownFields(_ file: String) throws -> JSONValue {
    var vault = try Vault.json(Vault.fixture(file))
    vault.set(
      ["future_top"], to: ["nested": [1, .number(JSONNumber(literal: "2.5e3")!), .null], "flag": true])
    vault.set(["db", "future_db"], to: "kept")
    vault.set(["db", "entries", 1, "future_entry"], to: ["a": "b"])
    vault.set(["db", "entries", 1, "info", "future_info"], to: .number(JSONNumber(literal: "12.50")!))
    // Entry keys that look like the prefixes preserved fields are filed under (found by fuzzing).
    vault.set(["db", "entries", 1, "info.future_dotted"], to: "entry level")
    vault.set(["db", "entries", 1, "entry.future_dotted"], to: "entry level too")
    vault.set(["db", "entries", 1, "info", "entry.future_dotted"], to: "info level")
    vault.set(["db", "groups", 0, "color"], to: "#ff8800")
    return vault
  }

  static let unknownFieldPaths: [[any PathComponent]] = [
    ["future_top"], ["db", "future_db"], ["db", "entries", 1, "future_entry"],
    ["db", "entries", 1, "info", "future_info"], ["db", "groups", 0, "color"],
    ["db", "entries", 1, "info.future_dotted"], ["db", "entries", 1, "entry.future_dotted"],
    ["db", "entries", 1, "info", "entry.future_dotted"],
  ]

  @Test("Unknown top-level, db, entry, info and group fields survive a save unchanged")
  func unknownFieldsPlain() throws {
    let edited = try Self.withUnknownFields("generated/aegis_v3_plain_generated.json")
    let storage = MemoryVaultStorage(Vault.bytes(edited))
    try Vault.repository(storage).update { _ in }
    let saved = try Vault.json(storage.bytes)
    for path in Self.unknownFieldPaths {
      #expect(saved[path: path] != nil)
      #expect(saved[path: path] == edited[path: path], "\(path)")
    }
    #expect(saved[path: ["db", "entries", 1, "info", "future_dotted"]] == nil)
    #expect(saved[path: ["db", "entries", 1, "future_dotted"]] == nil)
  }

  @Test("Unknown fields inside an encrypted db and in a password slot survive a save unchanged")
  func unknownFieldsEncrypted() throws {
    let plain = try Self.withUnknownFields("generated/aegis_v3_plain_generated.json")
    var vault = try Vault.json(Vault.fixture("aegis_encrypted.json"))
    vault.set(["future_top"], to: plain[path: ["future_top"]])
    vault.set(["header", "slots", 0, "future_slot"], to: ["x": .null])
    try Vault.seal(&vault, db: try #require(plain[path: ["db"]]), masterKey: Vault.fixtureMasterKey)
    let storage = MemoryVaultStorage(Vault.bytes(vault))
    try Vault.repository(storage).update { _ in }
    let saved = try Vault.json(storage.bytes)
    #expect(saved[path: ["future_top"]] == vault[path: ["future_top"]])
    #expect(saved[path: ["header", "slots", 0, "future_slot"]] == ["x": .null])
    let db = try Vault.unseal(saved, masterKey: Vault.fixtureMasterKey)
    for path in Self.unknownFieldPaths where path.first as? String == "db" {
      let inner = Array(path.dropFirst())
      #expect(db[path: inner] != nil)
      #expect(db[path: inner] == plain[path: path], "\(path)")
    }
  }

  /// A biometric (type 2) and a raw (type 0) slot as Aegis writes them.
  static let foreignSlots: [JSONValue] = [
    [
      "type": 2, "uuid": "0f0f0f0f-1111-4222-8333-444444444444",
      "key": "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff",
      "key_params": ["nonce": "000102030405060708090a0b", "tag": "0f0e0d0c0b0a09080706050403020100"],
    ],
    [
      "type": 0, "uuid": "abababab-1111-4222-8333-444444444444",
      "key": "ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100",
      "key_params": ["nonce": "0b0a09080706050403020100", "tag": "000102030405060708090a0b0c0d0e0f"],
      "future": "raw slot field",
    ],
  ]

  static func withForeignSlots() throws -> JSONValue {
    var vault = try Vault.json(Vault.fixture("aegis_encrypted.json"))
    var slots = try #require(vault[path: ["header", "slots"]]?.arrayValue)
    slots.insert(foreignSlots[0], at: 0)
    slots.append(foreignSlots[1])
    vault.set(["header", "slots"], to: .array(slots))
    return vault
  }

  @Test("A biometric and a raw slot are skipped when unlocking and survive a save untouched")
  func foreignSlotsSurvive() throws {
    let edited = try Self.withForeignSlots()
    let storage = MemoryVaultStorage(Vault.bytes(edited))
    try Vault.repository(storage).update { _ in }
    let saved = try Vault.json(storage.bytes)
    #expect(saved[path: ["header", "slots"]] == edited[path: ["header", "slots"]])
    #expect(try Vault.repository(MemoryVaultStorage(storage.bytes)).load().accounts.count == 7)
  }

  @Test("Hex in the header is read in any case")
  func uppercaseHex() throws {
    var vault = try Vault.json(Vault.fixture("aegis_encrypted.json"))
    for path: [any PathComponent] in [
      ["header", "slots", 0, "key"], ["header", "slots", 0, "salt"],
      ["header", "slots", 0, "key_params", "nonce"],
      ["header", "slots", 0, "key_params", "tag"], ["header", "params", "nonce"],
      ["header", "params", "tag"],
    ] {
      vault.set(path, to: .string(try #require(vault[path: path]?.stringValue).uppercased()))
    }
    #expect(try Vault.repository(MemoryVaultStorage(Vault.bytes(vault))).load().accounts.count == 7)
  }

  @Test("Every save seals the db under a fresh nonce and the same master key and slots")
  func freshNonceSameKey() throws {
    let original = try Vault.json(Vault.fixture("aegis_encrypted.json"))
    let (storage, repository) = try Vault.memory("aegis_encrypted.json")
    try repository.update { _ in }
    let first = try #require(storage.bytes)
    try repository.update { _ in }
    let second = try #require(storage.bytes)
    let nonces = try [original, Vault.json(first), Vault.json(second)].map {
      try #require($0[path: ["header", "params", "nonce"]]?.stringValue)
    }
    #expect(Set(nonces).count == 3)
    #expect(try Vault.json(second)[path: ["header", "slots"]] == original[path: ["header", "slots"]])
    let db = try IndependentAegisReader.database(second, masterKey: Vault.fixtureMasterKey)
    #expect(db["version"] as? Int == 3)
    #expect((db["entries"] as? [Any])?.count == 7)
  }

  @Test("The saved db decrypts with the known master key using AES-GCM directly")
  func knownMasterKeyDirectly() throws {
    let (storage, repository) = try Vault.memory("aegis_encrypted.json")
    try repository.update { _ in }
    let saved = try Vault.json(storage.bytes)
    let nonce = try Hex.decode(try #require(saved[path: ["header", "params", "nonce"]]?.stringValue))
    let tag = try Hex.decode(try #require(saved[path: ["header", "params", "tag"]]?.stringValue))
    let ciphertext = try Base64.decode(try #require(saved[path: ["db"]]?.stringValue))
    let plaintext = try AESGCM.open(
      AESGCM.SealedBox(ciphertext: ciphertext, tag: tag), key: Vault.fixtureMasterKey, nonce: nonce)
    let db = try JSONValue(parsing: plaintext)
    #expect(db[path: ["entries", 0, "info", "secret"]] == "4SJHB4GSD43FZBAI7C2HLRJGPQ")
  }

  @Test("The known master key is the one the fixture's password slot unwraps")
  func fixtureMasterKey() throws {
    let key = try IndependentAegisReader.masterKey(Vault.fixture("aegis_encrypted.json"), password: "test")
    #expect(key == Vault.fixtureMasterKey)
  }
}
