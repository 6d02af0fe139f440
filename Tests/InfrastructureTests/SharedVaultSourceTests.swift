import Crypto
import Data
import Domain
import OTP
import Synchronization
import Testing

@testable import Infrastructure

/// `SharedVaultSource` over an in-memory folder (`SharedFolderFiles`): what it reads from a
/// shared file and its Syncthing conflict copies, and what writing and finishing leave behind.
@Suite("SharedVaultSource over an in-memory folder")
struct SharedVaultSourceTests {
  /// Files by absolute path, with every read recorded (and whether it waited for Syncthing).
  /// `gone` are listed but not there when read: moved away by another device after the listing.
  final class MemoryFolder: Sendable {
    let files = Mutex<[String: [UInt8]]>([:])
    let reads = Mutex<[(path: String, waiting: Bool)]>([])
    let gone = Mutex<Set<String>>([])

    func names(in folder: String) -> [String] {
      let paths = files.withLock { Set($0.keys) }.union(gone.withLock { $0 })
      return paths.filter { POSIX.directory(of: $0) == folder }.map { POSIX.fileName(of: $0) }.sorted()
    }

    var port: SharedFolderFiles {
      SharedFolderFiles(
        list: { folder in self.names(in: folder) },
        read: { (path, waiting) throws(DomainError) in
          self.reads.withLock { $0.append((path, waiting)) }
          guard let bytes = self.files.withLock({ $0[path] }) else { throw .storage("cannot read \(path)") }
          return bytes
        },
        prepare: { bytes, path in
          let temporary = POSIX.directory(of: path) + "/." + POSIX.fileName(of: path) + ".sync"
          self.files.withLock { $0[temporary] = bytes }
          return temporary
        },
        keepLinked: { (path, folder, name) throws(DomainError) in
          try self.files.withLock { (files) throws(DomainError) in
            guard let bytes = files[path] else { throw .storage("cannot link \(path)") }
            files[folder + "/" + name] = bytes
          }
        },
        commit: { (temporary, path) throws(DomainError) in
          try self.files.withLock { (files) throws(DomainError) in
            guard let bytes = files.removeValue(forKey: temporary) else { throw .storage("no \(temporary)") }
            files[path] = bytes
          }
        },
        remove: { temporary in _ = self.files.withLock { $0.removeValue(forKey: temporary) } },
        move: { (path, folder) throws(DomainError) in
          try self.files.withLock { (files) throws(DomainError) in
            guard let bytes = files.removeValue(forKey: path) else { throw .storage("cannot move \(path)") }
            files[folder + "/" + POSIX.fileName(of: path)] = bytes
          }
        },
        isMissing: { path in self.files.withLock { $0[path] == nil } },
        create: { (temporary, path) throws(DomainError) in
          try self.files.withLock { (files) throws(DomainError) in
            guard let bytes = files.removeValue(forKey: temporary) else { throw .storage("no \(temporary)") }
            guard files[path] == nil else { throw .storage("\(path) appeared") }
            files[path] = bytes
          }
        })
    }
  }

  /// A vault's file in memory, for making sealed bytes under one key.
  final class MemoryStorage: VaultStorage, Sendable {
    let bytes = Mutex<[UInt8]?>(nil)
    var location: String { "/memory/vault.json" }
    func exists() -> Bool { bytes.withLock { $0 != nil } }
    func read() throws(StorageError) -> [UInt8] {
      guard let bytes = bytes.withLock({ $0 }) else { throw .notFound }
      return bytes
    }
    func withExclusiveLock<Result>(_ body: () throws(DomainError) -> Result) throws(DomainError) -> Result {
      try body()
    }
    func replace(with bytes: [UInt8]) throws(StorageError) { self.bytes.withLock { $0 = bytes } }
    func create(with bytes: [UInt8]) throws(StorageError) { self.bytes.withLock { $0 = bytes } }
  }

  static let folder = "/share"
  static let shared = "/share/shared.json"
  static let backups = "/vault/backups"

  /// Sealed vault files under one master key, each holding accounts of the issuers given, and
  /// that key.
  static func sealed(_ versions: [[String]]) throws -> (files: [[UInt8]], key: SecretBytes) {
    let storage = MemoryStorage()
    let password = Array("shared password".utf8)
    try AegisVaultRepository.create(storage: storage, password: password, random: .secure, ids: .counting())
    let repository = AegisVaultRepository(
      storage: storage, password: { password }, random: .secure, ids: .counting("made"))
    var files: [[UInt8]] = []
    for issuers in versions {
      let accounts = try issuers.map { issuer in
        Account(
          id: Account.ID(issuer.lowercased()), issuer: issuer, name: "me",
          otp: try OTPParameters(
            type: .totp, secret: Array("12345678901234567890".utf8), digits: 6, counter: 0, pin: nil))
      }
      try repository.update { (contents) throws(DomainError) in contents.accounts = accounts }
      files.append(try storage.read())
    }
    return (files, repository.heldKey()!.key)
  }

  static func source(
    _ folder: MemoryFolder, key: SecretBytes, path: String = shared, creating: SealedVault? = nil
  ) -> SharedVaultSource {
    let access = SyncAccess(
      keys: [key], passwords: [], ids: .counting("sync"), random: .secure, backups: backups, now: { 0 })
    return SharedVaultSource(
      path: path, access: access, files: folder.port, deviceTag: { _ in DeviceTag("dev") }, creating: creating
    )
  }

  /// A folder's other names, beside `shared.json` (issuers A), and what a read gives.
  struct Listing: Sendable, CustomTestStringConvertible {
    /// Names put in the folder, each with the issuers of the vault it holds (nil: not a vault).
    let others: [(name: String, issuers: [String]?)]
    /// The issuers of each version read, in order.
    let versions: [[String]]
    /// The names the read's notes leave alone.
    let leftAlone: [String]
    let note: String

    var testDescription: String { note }
  }

  static let listings: [Listing] = [
    Listing(others: [], versions: [["A"]], leftAlone: [], note: "the file alone"),
    Listing(
      others: [
        ("shared.sync-conflict-20261203-090000-BBBBBBB.json", ["A", "C"]),
        ("notes.txt", nil),
        ("shared.sync-conflict-20261202-120000-AAAAAAA.json", ["A", "B"]),
      ],
      versions: [["A"], ["A", "B"], ["A", "C"]], leftAlone: [],
      note: "two conflict copies, oldest first, another file ignored"),
    Listing(
      others: [
        ("shared.sync-conflict-bad.json", nil),
        ("shared.sync-conflict-20261202-120000-AAAAAAA.json", ["A", "B"]),
      ],
      versions: [["A"], ["A", "B"]], leftAlone: ["shared.sync-conflict-bad.json"],
      note: "a look-alike name left alone, with a note"),
    Listing(
      others: [("other.sync-conflict-20261202-120000-AAAAAAA.json", ["Z"])], versions: [["A"]], leftAlone: [],
      note: "another file's copy is not this file's"),
  ]

  @Test("a read gives the file's contents, then its conflict copies' oldest first", arguments: listings)
  func reads(_ listing: Listing) throws {
    let vaults = [["A"]] + listing.others.compactMap(\.issuers)
    let (files, key) = try Self.sealed(vaults)
    let folder = MemoryFolder()
    folder.files.withLock { $0[Self.shared] = files[0] }
    var next = 1
    for other in listing.others {
      let bytes: [UInt8]
      if other.issuers != nil {
        bytes = files[next]
        next += 1
      } else {
        bytes = Array("not a vault".utf8)
      }
      folder.files.withLock { $0[Self.folder + "/" + other.name] = bytes }
    }

    let snapshot = try Self.source(folder, key: key).read()
    #expect(snapshot.versions.map { $0.accounts.map(\.issuer).sorted() } == listing.versions)
    #expect(snapshot.notes.count == listing.leftAlone.count)
    for (note, name) in zip(snapshot.notes, listing.leftAlone) { #expect(note.contains(name)) }
    // Only the shared file itself waits for Syncthing to finish replacing it.
    #expect(folder.reads.withLock { $0.filter(\.waiting).map(\.path) } == [Self.shared])
  }

  @Test("a missing shared file is the read's error, and nothing is written")
  func missingFile() throws {
    let (_, key) = try Self.sealed([["A"]])
    let folder = MemoryFolder()
    #expect(throws: DomainError.storage("cannot read \(Self.shared)")) {
      try Self.source(folder, key: key).read()
    }
    #expect(folder.files.withLock { $0.isEmpty })
  }

  /// The vault a sync runs for, opened with its key: what a missing file is created under.
  static func vault(_ bytes: [UInt8], key: SecretBytes) throws -> SealedVault {
    try SealedVault.open(bytes, keys: [key], passwords: [], ids: .counting())
  }

  @Test("a missing file never synced is an empty version, created under the vault's header with the result")
  func createsMissingFile() throws {
    let (files, key) = try Self.sealed([["A", "B"]])
    let vault = try Self.vault(files[0], key: key)
    let folder = MemoryFolder()
    folder.files.withLock { $0[Self.folder + "/notes.txt"] = [] }
    let source = Self.source(folder, key: key, creating: vault)
    let snapshot = try source.read()
    #expect(snapshot.versions == [VaultContents()])
    let commit = try source.prepare(vault.contents)
    #expect(folder.files.withLock { $0[Self.shared] } == nil, "nothing in place before the commit")
    try commit.commit()
    try source.finish()
    let written = try #require(folder.files.withLock { $0[Self.shared] })
    let reopened = try Self.vault(written, key: key)
    #expect(reopened.contents.accounts.map(\.issuer) == ["A", "B"])
    #expect(written != files[0], "a fresh nonce")
    #expect(folder.names(in: Self.backups).isEmpty, "no old version to keep")
  }

  @Test("a file to create that appeared during the sync (another device's) is not overwritten")
  func createdMeanwhile() throws {
    let (files, key) = try Self.sealed([["A"], ["B"]])
    let folder = MemoryFolder()
    folder.files.withLock { $0[Self.folder + "/notes.txt"] = [] }
    let source = Self.source(folder, key: key, creating: try Self.vault(files[0], key: key))
    _ = try source.read()
    let commit = try source.prepare(try Self.vault(files[0], key: key).contents)
    folder.files.withLock { $0[Self.shared] = files[1] }
    #expect(throws: DomainError.self) { try commit.commit() }
    #expect(folder.files.withLock { $0[Self.shared] } == files[1])
  }

  @Test("a file to create that the sync did not write (nothing to put in it) is created empty at the finish")
  func createdEmpty() throws {
    let (files, key) = try Self.sealed([[]])
    let folder = MemoryFolder()
    folder.files.withLock { $0[Self.folder + "/notes.txt"] = [] }
    let source = Self.source(folder, key: key, creating: try Self.vault(files[0], key: key))
    _ = try source.read()
    try source.finish()
    let written = try #require(folder.files.withLock { $0[Self.shared] })
    #expect(try Self.vault(written, key: key).contents.accounts.isEmpty)
  }

  @Test("a missing file is not created when it was synced before, or not named .json")
  func notCreated() throws {
    let (files, key) = try Self.sealed([["A"]])
    let vault = try Self.vault(files[0], key: key)
    let folder = MemoryFolder()
    folder.files.withLock { $0[Self.folder + "/notes.txt"] = [] }
    #expect(throws: DomainError.self) { try Self.source(folder, key: key).read() }
    #expect(throws: DomainError.self) {
      try Self.source(folder, key: key, path: Self.folder + "/shared", creating: vault).read()
    }
  }

  @Test(
    "a write keeps the old file in the vault's backups, then puts the new one in place; finishing moves the copies there"
  )
  func writesAndFinishes() throws {
    let copyName = "shared.sync-conflict-20261202-120000-AAAAAAA.json"
    let (files, key) = try Self.sealed([["A"], ["A", "B"]])
    let folder = MemoryFolder()
    folder.files.withLock {
      $0[Self.shared] = files[0]
      $0[Self.folder + "/" + copyName] = files[1]
    }
    let source = Self.source(folder, key: key)
    let snapshot = try source.read()
    var merged = snapshot.versions[1]
    merged.accounts[0].note = "merged"

    let commit = try source.prepare(merged)
    #expect(folder.files.withLock { $0[Self.shared] } == files[0])
    try commit.commit()
    let backups = folder.names(in: Self.backups)
    #expect(backups == ["shared-19700101-000000-dev.json"], "under this device's tag")
    #expect(folder.files.withLock { $0[Self.backups + "/" + backups[0]] } == files[0])
    let written = try #require(folder.files.withLock { $0[Self.shared] })
    let reopened = try SealedVault.open(written, keys: [key], passwords: [], ids: .counting())
    #expect(reopened.contents.accounts.map(\.note).contains("merged"))
    #expect(folder.names(in: Self.folder) == ["shared.json", copyName])

    try source.finish()
    #expect(folder.names(in: Self.folder) == ["shared.json"])
    #expect(folder.files.withLock { $0[Self.backups + "/" + copyName] } == files[1])
  }

  @Test("a conflict copy gone between the listing and its read is skipped with a note; the others are merged")
  func copyGoneBeforeRead() throws {
    let kept = Self.folder + "/shared.sync-conflict-20261203-090000-BBBBBBB.json"
    let gone = Self.folder + "/shared.sync-conflict-20261202-120000-AAAAAAA.json"
    let (files, key) = try Self.sealed([["A"], ["A", "C"]])
    let folder = MemoryFolder()
    folder.files.withLock {
      $0[Self.shared] = files[0]
      $0[kept] = files[1]
    }
    folder.gone.withLock { $0 = [gone] }
    let source = Self.source(folder, key: key)

    let snapshot = try source.read()
    #expect(snapshot.versions.map { $0.accounts.map(\.issuer).sorted() } == [["A"], ["A", "C"]])
    #expect(snapshot.notes == [SharedVaultSource.goneNote(gone)])
    #expect(snapshot.notes.first?.contains(gone) == true)
    try source.prepare(snapshot.versions[1]).commit()
    try source.finish()
    #expect(
      folder.names(in: Self.folder) == ["shared.json", POSIX.fileName(of: gone)], "only the gone one listed")
    #expect(folder.files.withLock { $0[Self.backups + "/" + POSIX.fileName(of: kept)] } == files[1])
  }

  @Test("a conflict copy another device moved away after it was read is left to that device")
  func copyGoneBeforeFinish() throws {
    let copy = Self.folder + "/shared.sync-conflict-20261202-120000-AAAAAAA.json"
    let (files, key) = try Self.sealed([["A"], ["A", "B"]])
    let folder = MemoryFolder()
    folder.files.withLock {
      $0[Self.shared] = files[0]
      $0[copy] = files[1]
    }
    let source = Self.source(folder, key: key)
    let snapshot = try source.read()
    try source.prepare(snapshot.versions[1]).commit()
    _ = folder.files.withLock { $0.removeValue(forKey: copy) }
    try source.finish()
    #expect(folder.names(in: Self.folder) == ["shared.json"])
  }

  @Test("a conflict copy that cannot be read for another reason still fails the read")
  func copyUnreadable() throws {
    let copy = Self.folder + "/shared.sync-conflict-20261202-120000-AAAAAAA.json"
    let (files, key) = try Self.sealed([["A"]])
    let folder = MemoryFolder()
    folder.files.withLock {
      $0[Self.shared] = files[0]
      $0[copy] = Array("not a vault".utf8)
    }
    #expect(throws: DomainError.self) { try Self.source(folder, key: key).read() }
  }

  @Test("a discarded write leaves the folder as it was")
  func discard() throws {
    let (files, key) = try Self.sealed([["A"]])
    let folder = MemoryFolder()
    folder.files.withLock { $0[Self.shared] = files[0] }
    let source = Self.source(folder, key: key)
    let snapshot = try source.read()
    let commit = try source.prepare(snapshot.versions[0])
    #expect(folder.names(in: Self.folder).count == 2)
    commit.discard()
    #expect(folder.files.withLock { $0 } == [Self.shared: files[0]])
  }

  @Test("a write before a read is refused")
  func prepareBeforeRead() throws {
    let (_, key) = try Self.sealed([["A"]])
    #expect(throws: DomainError.storage("\(Self.shared) was not read")) {
      try Self.source(MemoryFolder(), key: key).prepare(VaultContents())
    }
  }
}
