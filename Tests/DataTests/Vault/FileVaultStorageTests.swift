import Data
import Domain
import Foundation
import Infrastructure
import Synchronization
import TestSupport
import Testing

@Suite("FileVaultStorage")
struct FileVaultStorageTests {
  /// 2024-01-02 03:04:05 UTC.
  static let fixedNow: Int64 = 1_704_164_645

  static func permissions(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require(attributes[.posixPermissions] as? Int)
  }

  static func names(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  static func contents(_ path: String) -> [UInt8]? {
    try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
  }

  static func replace(_ storage: FileVaultStorage, with text: String) throws {
    try storage.withExclusiveLock { () throws(DomainError) in
      do throws(StorageError) {
        try storage.replace(with: Array(text.utf8))
      } catch {
        throw error.domainError
      }
    }
  }

  @Test("A new vault is written 0600 inside folders created 0700")
  func createPermissions() throws {
    let temporary = try TemporaryDirectory()
    let path = temporary.path("data/twofold/vault.json")
    let storage = FileVaultStorage(path: path, now: { Self.fixedNow })
    try storage.create(with: Array("{}".utf8))
    #expect(Self.contents(path) == Array("{}".utf8))
    #expect(try Self.permissions(path) == 0o600)
    #expect(try Self.permissions(temporary.path("data")) == 0o700)
    #expect(try Self.permissions(temporary.path("data/twofold")) == 0o700)
    #expect(Self.names(in: temporary.path("data/twofold")) == ["vault.json"])
  }

  @Test("Creating over an existing file is refused and leaves it untouched")
  func createRefusesExisting() throws {
    let temporary = try TemporaryDirectory()
    let path = try temporary.write("vault.json", "precious")
    let storage = FileVaultStorage(path: path, now: { Self.fixedNow })
    #expect(throws: StorageError.alreadyExists) { try storage.create(with: Array("new".utf8)) }
    #expect(Self.contents(path) == Array("precious".utf8))
    #expect(Self.names(in: temporary.url.path) == ["vault.json"])
  }

  @Test("Creating a vault where one exists is vaultExists through the repository")
  func repositoryCreateRefusesExisting() throws {
    let temporary = try TemporaryDirectory()
    let path = try temporary.write("vault.json", "precious")
    let storage = FileVaultStorage(path: path, now: { Self.fixedNow })
    #expect(throws: DomainError.vaultExists) {
      try AegisVaultRepository.create(storage: storage, password: nil, random: .secure, ids: .counting())
    }
    #expect(Self.contents(path) == Array("precious".utf8))
  }

  @Test("Replacing keeps the previous file in backups/ as NAME-YYYYMMDD-HHMMSS.json, 0600 in a 0700 folder")
  func backupNameAndModes() throws {
    let temporary = try TemporaryDirectory()
    let path = try temporary.write("work.json", "first")
    let storage = FileVaultStorage(path: path, now: { Self.fixedNow })
    try Self.replace(storage, with: "second")
    #expect(Self.contents(path) == Array("second".utf8))
    #expect(try Self.permissions(path) == 0o600)
    let backups = temporary.path("backups")
    #expect(Self.names(in: backups) == ["work-20240102-030405.json"])
    #expect(Self.contents(backups + "/work-20240102-030405.json") == Array("first".utf8))
    #expect(try Self.permissions(backups + "/work-20240102-030405.json") == 0o600)
    #expect(try Self.permissions(backups) == 0o700)
    #expect(Self.names(in: temporary.url.path) == [".work.json.lock", "backups", "work.json"])
  }

  @Test("A private vault's backup is its replaced file itself, under a second name: same bytes, 0600")
  func backupOfPrivateVault() throws {
    let temporary = try TemporaryDirectory()
    let path = try temporary.write("work.json", "first")
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    let before = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
    let storage = FileVaultStorage(path: path, now: { Self.fixedNow })
    try Self.replace(storage, with: "second")
    try Self.replace(storage, with: "third")
    let backups = temporary.path("backups")
    #expect(Self.names(in: backups) == ["work-20240102-030405-1.json", "work-20240102-030405.json"])
    let first = backups + "/work-20240102-030405.json"
    #expect(Self.contents(first) == Array("first".utf8))
    #expect(Self.contents(backups + "/work-20240102-030405-1.json") == Array("second".utf8))
    #expect(try FileManager.default.attributesOfItem(atPath: first)[.systemFileNumber] as? Int == before)
    #expect(try Self.permissions(first) == 0o600)
    #expect(Self.contents(path) == Array("third".utf8))
    #expect(Self.names(in: temporary.url.path) == [".work.json.lock", "backups", "work.json"])
  }

  @Test("Backups made in the same second are numbered -1, -2, …")
  func sameSecond() throws {
    let temporary = try TemporaryDirectory()
    let path = try temporary.write("vault.json", "v0")
    let storage = FileVaultStorage(path: path, now: { Self.fixedNow })
    for version in 1...3 { try Self.replace(storage, with: "v\(version)") }
    let backups = temporary.path("backups")
    #expect(
      Self.names(in: backups) == [
        "vault-20240102-030405-1.json", "vault-20240102-030405-2.json", "vault-20240102-030405.json",
      ])
    #expect(Self.contents(backups + "/vault-20240102-030405.json") == Array("v0".utf8))
    #expect(Self.contents(backups + "/vault-20240102-030405-2.json") == Array("v2".utf8))
  }

  @Test("Only the newest backups are kept, and other vaults' backups are left alone")
  func keepsNewest() throws {
    let temporary = try TemporaryDirectory()
    let path = temporary.path("vault.json")
    let clock = Mutex(Self.fixedNow)
    let storage = FileVaultStorage(
      path: path,
      now: {
        clock.withLock { time in
          defer { time += 61 }
          return time
        }
      }, backupsKept: 3)
    try FileManager.default.createDirectory(
      atPath: temporary.path("backups"), withIntermediateDirectories: true)
    try Data("other".utf8).write(
      to: URL(fileURLWithPath: temporary.path("backups/other-20000101-000000.json")))
    try storage.create(with: Array("v0".utf8))
    for version in 1...5 { try Self.replace(storage, with: "v\(version)") }
    #expect(
      Self.names(in: temporary.path("backups")) == [
        "other-20000101-000000.json", "vault-20240102-030607.json", "vault-20240102-030708.json",
        "vault-20240102-030809.json",
      ])
    #expect(Self.contents(temporary.path("backups/vault-20240102-030809.json")) == Array("v4".utf8))
    #expect(Self.contents(temporary.path("backups/vault-20240102-030607.json")) == Array("v2".utf8))
    #expect(Self.contents(path) == Array("v5".utf8))
  }

  @Test(
    "Backups carry the device's tag; the newest are kept among every device's names and the untagged ones"
  )
  func deviceTaggedBackups() throws {
    let temporary = try TemporaryDirectory()
    let path = temporary.path("vault.json")
    let clock = Mutex(Self.fixedNow)
    let storage = FileVaultStorage(
      path: path, now: { clock.withLock { $0 } }, deviceTag: { DeviceTag("laptop") }, backupsKept: 4)
    try storage.create(with: Array("v0".utf8))
    let backups = temporary.path("backups")
    try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: true)
    // An earlier Twofold's names, and another device's, as a synced folder brings them.
    for name in [
      "vault-20240102-030400.json", "vault-20240102-030401-1.json", "vault-20240102-030406-phone.json",
      "vault-20240102-030406-phone-1.json", "other-20000101-000000-phone.json",
    ] {
      try Data(name.utf8).write(to: URL(fileURLWithPath: backups + "/" + name))
    }
    try Self.replace(storage, with: "v1")
    try Self.replace(storage, with: "v2")
    #expect(
      Self.names(in: backups) == [
        "other-20000101-000000-phone.json", "vault-20240102-030405-laptop-1.json",
        "vault-20240102-030405-laptop.json", "vault-20240102-030406-phone-1.json",
        "vault-20240102-030406-phone.json",
      ])
    #expect(Self.contents(backups + "/vault-20240102-030405-laptop.json") == Array("v0".utf8))
    #expect(Self.contents(backups + "/vault-20240102-030405-laptop-1.json") == Array("v1".utf8))
  }

  @Test("Every change through the repository leaves a backup of the vault before it")
  func repositoryBackups() throws {
    let temporary = try TemporaryDirectory()
    let path = temporary.path("vault.json")
    let clock = Mutex(Self.fixedNow)
    let storage = FileVaultStorage(
      path: path, now: { clock.withLock { $0 } }, lockTimeout: 1, backupsKept: 3)
    try AegisVaultRepository.create(storage: storage, password: nil, random: .secure, ids: .counting())
    let repository = Vault.repository(storage)
    var versions: [[UInt8]] = []
    for step in 1...5 {
      versions.append(try #require(Self.contents(path)))
      clock.withLock { $0 += 1 }
      try repository.update { $0.preserved = [PreservedField(key: "step", raw: "\(step)")] }
    }
    let backups = Self.names(in: temporary.path("backups"))
    #expect(
      backups == ["vault-20240102-030408.json", "vault-20240102-030409.json", "vault-20240102-030410.json"])
    for (name, version) in zip(backups, versions.suffix(3)) {
      #expect(Self.contents(temporary.path("backups/" + name)) == version, "\(name)")
    }
  }

  @Test("Reading a missing file is notFound")
  func readMissing() throws {
    let temporary = try TemporaryDirectory()
    let storage = FileVaultStorage(path: temporary.path("vault.json"), now: { 0 })
    #expect(!storage.exists())
    #expect(throws: StorageError.notFound) { try storage.read() }
  }
}
