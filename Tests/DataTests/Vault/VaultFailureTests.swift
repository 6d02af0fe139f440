import Codecs
import Crypto
import Data
import Domain
import Foundation
import Infrastructure
import OTP
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A damaged or foreign vault file and the failure it must give.
struct DamagedVault: Sendable, CustomTestStringConvertible {
  let testDescription: String
  let password: String
  let kind: String
  let make: @Sendable () throws -> [UInt8]

  static let all: [DamagedVault] = [
    DamagedVault(testDescription: "wrong password", password: "not the password", kind: "wrongPassword") {
      try Vault.fixture("aegis_encrypted.json")
    },
    DamagedVault(
      testDescription: "a flipped byte in the db ciphertext", password: "test", kind: "vaultCorrupted"
    ) {
      var vault = try Vault.json(Vault.fixture("aegis_encrypted.json"))
      var ciphertext = try Base64.decode(vault[path: ["db"]]?.stringValue ?? "")
      ciphertext[ciphertext.count / 2] ^= 0x01
      vault.set(["db"], to: .string(Base64.encode(ciphertext)))
      return Vault.bytes(vault)
    },
    DamagedVault(testDescription: "a changed GCM tag", password: "test", kind: "vaultCorrupted") {
      var vault = try Vault.json(Vault.fixture("aegis_encrypted.json"))
      vault.set(["header", "params", "tag"], to: "00000000000000000000000000000000")
      return Vault.bytes(vault)
    },
    DamagedVault(testDescription: "a truncated file", password: "test", kind: "vaultCorrupted") {
      let bytes = try Vault.fixture("aegis_encrypted.json")
      return Array(bytes.prefix(bytes.count / 2))
    },
    DamagedVault(testDescription: "an empty file", password: "test", kind: "vaultCorrupted") { [] },
    DamagedVault(testDescription: "outer version 2", password: "test", kind: "unsupportedVersion") {
      var vault = try Vault.json(Vault.fixture("aegis_encrypted.json"))
      vault.set(["version"], to: 2)
      return Vault.bytes(vault)
    },
    DamagedVault(testDescription: "db version 4", password: "test", kind: "unsupportedVersion") {
      var vault = try Vault.json(Vault.fixture("aegis_plain.json"))
      vault.set(["db", "version"], to: 4)
      return Vault.bytes(vault)
    },
    DamagedVault(
      testDescription: "db version 4 inside an encrypted vault", password: "test", kind: "unsupportedVersion"
    ) {
      var vault = try Vault.json(Vault.fixture("aegis_encrypted.json"))
      var db = try Vault.unseal(vault, masterKey: Vault.fixtureMasterKey)
      db.set(["version"], to: 4)
      try Vault.seal(&vault, db: db, masterKey: Vault.fixtureMasterKey)
      return Vault.bytes(vault)
    },
    DamagedVault(testDescription: "no outer version", password: "test", kind: "vaultCorrupted") {
      var vault = try Vault.json(Vault.fixture("aegis_plain.json"))
      vault.set(["version"], to: nil)
      return Vault.bytes(vault)
    },
    DamagedVault(testDescription: "a text outer version", password: "test", kind: "vaultCorrupted") {
      var vault = try Vault.json(Vault.fixture("aegis_plain.json"))
      vault.set(["version"], to: "1")
      return Vault.bytes(vault)
    },
    DamagedVault(testDescription: "an HOTP entry without a counter", password: "test", kind: "vaultCorrupted")
    {
      var vault = try Vault.json(Vault.fixture("aegis_plain.json"))
      vault.set(["db", "entries", 3, "info", "counter"], to: nil)
      return Vault.bytes(vault)
    },
  ]
}

@Suite(
  "Vault failures leave the file as it was", .enabled(if: Vault.fixturesPresent, "shared fixtures absent"))
struct VaultFailureTests {
  @Test("Opening fails with the matching domain error", arguments: DamagedVault.all)
  func load(_ damaged: DamagedVault) throws {
    let vault = try VaultOnDisk(damaged.make())
    let before = vault.bytes
    let error = domainError { () throws(DomainError) in
      _ = try vault.repository(password: damaged.password).load()
    }
    #expect(error?.kind == damaged.kind)
    #expect(vault.bytes == before)
  }

  @Test("A change fails with the matching domain error and writes nothing", arguments: DamagedVault.all)
  func change(_ damaged: DamagedVault) throws {
    let vault = try VaultOnDisk(damaged.make())
    let before = vault.bytes
    let error = domainError { () throws(DomainError) in
      try vault.repository(password: damaged.password).update { $0.accounts.removeAll() }
    }
    #expect(error?.kind == damaged.kind)
    #expect(vault.bytes == before)
    #expect(vault.names == [".vault.json.lock", "vault.json"])
  }

  @Test("A change that throws inside update writes nothing")
  func throwingChange() throws {
    let vault = try VaultOnDisk(Vault.fixture("aegis_encrypted.json"))
    let before = vault.bytes
    #expect(throws: DomainError.notFound("late")) {
      try vault.repository().update { (contents) throws(DomainError) in
        contents.accounts.removeAll()
        throw DomainError.notFound("late")
      }
    }
    #expect(vault.bytes == before)
    #expect(!vault.names.contains("backups"))
  }

  @Test("A missing vault is vaultMissing and nothing is created")
  func missing() throws {
    let folder = try TemporaryDirectory()
    let storage = FileVaultStorage(path: folder.path("none.json"), now: { 0 })
    #expect(throws: DomainError.vaultMissing) { try Vault.repository(storage).load() }
    #expect(!FileManager.default.fileExists(atPath: folder.path("none.json")))
  }

  @Test("A vault locked by another holder gives vaultLocked after the timeout and stays unchanged")
  func locked() throws {
    let vault = try VaultOnDisk(Vault.fixture("aegis_plain.json"))
    let before = vault.bytes
    let descriptor = open(vault.folder.path(".vault.json.lock"), O_RDWR | O_CREAT, 0o600)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    try #require(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
    let started = Date()
    #expect(throws: DomainError.vaultLocked) {
      try vault.repository(lockTimeout: 0.3).update { $0.accounts.removeAll() }
    }
    #expect(Date().timeIntervalSince(started) >= 0.3)
    #expect(vault.bytes == before)

    flock(descriptor, LOCK_UN)
    try vault.repository(lockTimeout: 0.3).update { $0.accounts.removeAll() }
    #expect(vault.bytes != before)
  }

  @Test("A second storage waits for the first holder to finish and then saves")
  func waitsForHolder() throws {
    let vault = try VaultOnDisk(Vault.fixture("aegis_plain.json"))
    let holding = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    let holder = vault.storage()
    Thread.detachNewThread {
      try? holder.withExclusiveLock { () throws(DomainError) in
        holding.signal()
        release.wait()
      }
      finished.signal()
    }
    holding.wait()
    #expect(throws: DomainError.vaultLocked) {
      try vault.repository(lockTimeout: 0.2).update { $0.accounts.removeAll() }
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { release.signal() }
    try vault.repository(lockTimeout: 5).update { $0.accounts.removeAll() }
    finished.wait()
    #expect(try vault.repository().load().accounts.isEmpty)
  }
}
