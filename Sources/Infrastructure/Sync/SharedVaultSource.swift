import Crypto
import Data
import Domain
import Synchronization

/// A shared vault file that other devices also write (Syncthing, Nextcloud, Dropbox): two-way.
/// Its Syncthing conflict copies are merged in after it, oldest first, and moved into the
/// vault's backups once the result is written. Written under its own header and key.
public final class SharedVaultSource: KeyedSyncSource, Sendable {
  /// The file's absolute path.
  public let location: String
  /// Always: the result is written back.
  public let isTwoWay = true
  private let access: SyncAccess
  private let files: SharedFolderFiles
  private let deviceTag: @Sendable () -> DeviceTag?
  private let opened = Mutex<(vault: SealedVault, copies: [String])?>(nil)

  /// The shared vault at `path`, opened with `access`; its folder's files through `files`
  /// (the disk's, or an in-memory folder's in tests). `deviceTag` marks the name its old version
  /// is kept under in the vault's backups (`BackupName`): by default this device's, from the
  /// state root of this process's environment.
  public init(
    path: String, access: SyncAccess, files: SharedFolderFiles = .disk,
    deviceTag: @escaping @Sendable () -> DeviceTag? = {
      DeviceTag.ofThisDevice(stateRoot: StateLocation.root())
    }
  ) {
    location = path
    self.access = access
    self.files = files
    self.deviceTag = deviceTag
  }

  /// The source's contents, then its conflict copies' (oldest first). The copies are opened
  /// beside the file itself, each on a thread of its own, with the sync's keys; one they do not
  /// open is opened after it, with its key and the passwords too.
  public func read() throws(DomainError) -> SyncSnapshot {
    let folder = POSIX.directory(of: location)
    let found = SyncFileNames.conflictCopies(
      of: POSIX.fileName(of: location), among: try files.list(folder))
    let paths = found.copies.map { folder + "/" + $0.fileName }
    let access = self.access
    let files = self.files
    let early = paths.prefix(Self.mostAhead).map { path in
      BackgroundValue { () -> SealedVault? in
        let read = Result { () throws(DomainError) in try files.read(path, false) }
        guard case .success(let bytes) = read else { return nil }
        return access.openWithKeys(bytes)
      }
    }
    let vault = try access.open(try files.read(location, true), named: location)
    var versions = [vault.contents]
    var notes = found.unreadable.map { "left alone: \(folder)/\($0) is not a Syncthing conflict copy name" }
    var read: [String] = []
    for (index, path) in paths.enumerated() {
      let opened: SealedVault
      if index < early.count, let ready = early[index].value {
        opened = ready
      } else {
        let bytes: [UInt8]
        do throws(DomainError) { bytes = try files.read(path, false) } catch {
          guard files.isMissing(path) else { throw error }
          notes.append(Self.goneNote(path))
          continue
        }
        opened = try access.open(bytes, named: path, also: [vault.masterKey])
      }
      versions.append(opened.contents)
      read.append(path)
    }
    let kept = (vault, read)
    self.opened.withLock { $0 = kept }
    return SyncSnapshot(versions: versions, notes: notes)
  }

  /// The note for a conflict copy listed, then gone when read: another device merged it and
  /// moved it away meanwhile, so what it held reaches this device through the file it merged into.
  static func goneNote(_ path: String) -> String {
    "skipped \(path): gone before it was read (another device merged it and moved it away)"
  }

  /// The master key that opened the file itself.
  var openedKey: SecretBytes? { opened.withLock { $0?.vault.masterKey } }

  /// Conflict copies opened beside the file itself, at most.
  static let mostAhead = 4

  /// Seals `contents` under the source's header and key beside it; the commit keeps the old
  /// file in the vault's backups, then renames the new one over it.
  public func prepare(_ contents: VaultContents) throws(DomainError) -> SyncCommit {
    guard let vault = opened.withLock({ $0?.vault }) else { throw .storage("\(location) was not read") }
    var bytes = try vault.sealing(contents, random: access.random)
    defer { wipe(&bytes) }
    let temporary = try files.prepare(bytes, location)
    let location = self.location
    let access = self.access
    let files = self.files
    let deviceTag = self.deviceTag
    return SyncCommit(
      commit: { () throws(DomainError) in
        let name = BackupName(
          stem: BackupName.stem(of: POSIX.fileName(of: location)), stamp: BackupName.timestamp(access.now()),
          tag: deviceTag(), sequence: 0)
        try files.keepLinked(location, access.backups, name.fileName)
        try files.commit(temporary, location)
      }, discard: { files.remove(temporary) })
  }

  /// Moves the merged conflict copies into the vault's backups (one another device moved away
  /// meanwhile is left to it).
  public func finish() throws(DomainError) {
    for copy in opened.withLock({ $0?.copies ?? [] }) {
      do throws(DomainError) { try files.move(copy, access.backups) } catch {
        guard files.isMissing(copy) else { throw error }
      }
    }
  }
}
