import Crypto
import Data
import Domain
import Foundation
import OTP
import TestSupport
import Testing

@Suite("Creating vaults and changing passwords")
struct AegisPasswordTests {
  static let ids = IdentifierSource.counting("uuid")

  @Test("A new encrypted vault opens with an independent Aegis reader and holds an empty version-3 db")
  func createdVaultOpensIndependently() throws {
    let storage = MemoryVaultStorage()
    try AegisVaultRepository.create(
      storage: storage, password: Array("hunter2".utf8), random: .secure, ids: .counting("slot"))
    let bytes = try #require(storage.bytes)
    let db = try IndependentAegisReader.database(bytes, password: "hunter2")
    #expect(db["version"] as? Int == 3)
    #expect((db["entries"] as? [Any])?.isEmpty == true)
    #expect((db["groups"] as? [Any])?.isEmpty == true)
    #expect(throws: IndependentAegisReader.Failure.self) {
      try IndependentAegisReader.masterKey(bytes, password: "hunter3")
    }
  }

  @Test("A new vault's password slot uses N=32768, r=8, p=1 and a 32-byte salt")
  func newSlotParameters() throws {
    let storage = MemoryVaultStorage()
    try AegisVaultRepository.create(
      storage: storage, password: Array("pw".utf8), random: .secure, ids: .counting("slot"))
    let slots = try IndependentAegisReader.passwordSlots(try #require(storage.bytes))
    try #require(slots.count == 1)
    let slot = slots[0]
    #expect(slot["uuid"] as? String == "slot-1")
    #expect(slot["n"] as? Int == 32768)
    #expect(slot["r"] as? Int == 8)
    #expect(slot["p"] as? Int == 1)
    #expect(IndependentAegisReader.hex(slot["salt"])?.count == 32)
    #expect(IndependentAegisReader.hex(slot["key"])?.count == 32)
    let params = slot["key_params"] as? [String: Any]
    #expect(IndependentAegisReader.hex(params?["nonce"])?.count == 12)
    #expect(IndependentAegisReader.hex(params?["tag"])?.count == 16)
    #expect(slot["repaired"] as? Bool == true)
    #expect(slot["is_backup"] as? Bool == false)
  }

  @Test("Accounts added to a new vault are readable by the independent reader")
  func addedAccountReadable() throws {
    let storage = MemoryVaultStorage()
    try AegisVaultRepository.create(
      storage: storage, password: Array("pw".utf8), random: .secure, ids: .counting("slot"))
    let repository = Vault.repository(storage, password: "pw", ids: .counting("entry"))
    try AddAccount(repository: repository, ids: .counting("entry"))(
      NewAccount(
        issuer: "Deno", name: "Mason",
        otp: try OTPParameters(
          type: .hotp, secret: try Base32.decode("4SJHB4GSD43FZBAI7C2HLRJGPQ"), counter: 7),
        groupNames: ["Work"]))
    let db = try IndependentAegisReader.database(try #require(storage.bytes), password: "pw")
    let entry = try #require((db["entries"] as? [[String: Any]])?.first)
    #expect(entry["type"] as? String == "hotp")
    #expect(entry["uuid"] as? String == "entry-1")
    #expect(entry["issuer"] as? String == "Deno")
    #expect(entry["name"] as? String == "Mason")
    #expect(entry["groups"] as? [String] == ["entry-2"])
    let info = try #require(entry["info"] as? [String: Any])
    #expect(info["secret"] as? String == "4SJHB4GSD43FZBAI7C2HLRJGPQ")
    #expect(info["algo"] as? String == "SHA1")
    #expect(info["digits"] as? Int == 6)
    #expect(info["counter"] as? Int == 7)
    #expect((db["groups"] as? [[String: Any]])?.first?["name"] as? String == "Work")
  }

  @Test("A new unencrypted vault has null slots and params and the db as an object")
  func createdPlainVault() throws {
    let storage = MemoryVaultStorage()
    try AegisVaultRepository.create(storage: storage, password: nil, random: .secure, ids: .counting())
    let outer = try IndependentAegisReader.outer(try #require(storage.bytes))
    #expect(outer["version"] as? Int == 1)
    let header = try #require(outer["header"] as? [String: Any])
    #expect(header["slots"] is NSNull)
    #expect(header["params"] is NSNull)
    #expect((outer["db"] as? [String: Any])?["version"] as? Int == 3)
    #expect(try Vault.repository(storage).load() == VaultContents())
  }

  @Test(
    "Changing the password re-wraps the same slot with a new salt and nonce and keeps the master key",
    .enabled(if: Vault.fixturesPresent, "shared fixtures absent"))
  func changePassword() throws {
    let original = try Vault.fixture("aegis_encrypted.json")
    let (storage, repository) = try Vault.memory("aegis_encrypted.json")
    let contents = try repository.load()
    try repository.changePassword(to: Array("new password".utf8))
    let changed = try #require(storage.bytes)

    let before = try #require(try IndependentAegisReader.passwordSlots(original).first)
    let slots = try IndependentAegisReader.passwordSlots(changed)
    try #require(slots.count == 1)
    let after = slots[0]
    #expect(after["uuid"] as? String == "a8325752-c1be-458a-9b3e-5e0a8154d9ec")
    #expect(after["salt"] as? String != before["salt"] as? String)
    #expect(IndependentAegisReader.hex(after["salt"])?.count == 32)
    let nonce = { (slot: [String: Any]) in (slot["key_params"] as? [String: Any])?["nonce"] as? String }
    #expect(nonce(after) != nil && nonce(after) != nonce(before))
    #expect(after["repaired"] as? Bool == true)
    let params = { (bytes: [UInt8]) in
      ((try? IndependentAegisReader.outer(bytes))?["header"] as? [String: Any])?["params"] as? [String: Any]
    }
    #expect(params(changed)?["nonce"] as? String != params(original)?["nonce"] as? String)

    #expect(try IndependentAegisReader.masterKey(changed, password: "new password") == Vault.fixtureMasterKey)
    #expect(throws: DomainError.wrongPassword) {
      try Vault.repository(MemoryVaultStorage(changed), password: "test").load()
    }
    #expect(try Vault.repository(MemoryVaultStorage(changed), password: "new password").load() == contents)
  }

  @Test(
    "Changing the password keeps biometric and raw slots and unknown slot fields",
    .enabled(if: Vault.fixturesPresent, "shared fixtures absent"))
  func changePasswordKeepsOtherSlots() throws {
    var vault = try AegisRoundTripTests.withForeignSlots()
    vault.set(["header", "slots", 1, "future_slot"], to: "kept")
    let storage = MemoryVaultStorage(Vault.bytes(vault))
    try Vault.repository(storage).changePassword(to: Array("other".utf8))
    let saved = try Vault.json(storage.bytes)
    #expect(saved[path: ["header", "slots", 0]] == AegisRoundTripTests.foreignSlots[0])
    #expect(saved[path: ["header", "slots", 2]] == AegisRoundTripTests.foreignSlots[1])
    #expect(saved[path: ["header", "slots", 1, "future_slot"]] == "kept")
    #expect(saved[path: ["header", "slots", 1, "uuid"]] == vault[path: ["header", "slots", 1, "uuid"]])
    #expect(
      try IndependentAegisReader.masterKey(Vault.bytes(saved), password: "other") == Vault.fixtureMasterKey)
  }

  @Test(
    "Changing the password of an unencrypted vault encrypts it",
    .enabled(if: Vault.fixturesPresent, "shared fixtures absent"))
  func encryptsPlainVault() throws {
    let (storage, repository) = try Vault.memory("generated/aegis_v3_plain_generated.json")
    let contents = try repository.load()
    try repository.changePassword(to: Array("fresh".utf8))
    let bytes = try #require(storage.bytes)
    let outer = try IndependentAegisReader.outer(bytes)
    #expect(outer["db"] is String)
    #expect(try IndependentAegisReader.passwordSlots(bytes).count == 1)
    let db = try IndependentAegisReader.database(bytes, password: "fresh")
    #expect((db["entries"] as? [Any])?.count == 10)
    #expect(try Vault.repository(MemoryVaultStorage(bytes), password: "fresh").load() == contents)
  }

  @Test(
    "Changing the password of a vault on disk keeps a backup of the old one",
    .enabled(if: Vault.fixturesPresent, "shared fixtures absent"))
  func changePasswordOnDisk() throws {
    let original = try Vault.fixture("aegis_encrypted.json")
    let vault = try VaultOnDisk(original)
    try vault.repository().changePassword(to: Array("disk".utf8))
    #expect(try Vault.repository(vault.storage(), password: "disk").load().accounts.count == 7)
    let backups = vault.folder.path("backups")
    #expect(FileVaultStorageTests.names(in: backups) == ["vault-20231114-221320.json"])
    #expect(FileVaultStorageTests.contents(backups + "/vault-20231114-221320.json") == original)
  }

  @Test(
    "A wrong current password changes nothing",
    .enabled(if: Vault.fixturesPresent, "shared fixtures absent"))
  func wrongCurrentPassword() throws {
    let vault = try VaultOnDisk(Vault.fixture("aegis_encrypted.json"))
    let before = vault.bytes
    #expect(throws: DomainError.wrongPassword) {
      try vault.repository(password: "nope").changePassword(to: Array("x".utf8))
    }
    #expect(vault.bytes == before)
  }
}
