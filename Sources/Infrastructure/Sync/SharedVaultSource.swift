import Crypto
import Data
import Domain
import Synchronization

/// A shared vault file that other devices also write (Syncthing, Nextcloud, Dropbox): two-way.
/// Its Syncthing conflict copies are merged in after it, oldest first, and moved into the
/// vault's backups once the result is written. Written under its own header and key.
///
/// On a first sync the file may not exist yet: it is then an empty version, so the merge gives
/// it every account of the vault (nothing is deleted without a base), and it is created under
/// the vault's own header and key.
public final class SharedVaultSource: KeyedSyncSource, Sendable {
  /// The file's absolute path.
  public let location: String
  /// Always: the result is written back.
  public let isTwoWay = true
  private let access: SyncAccess
  private let files: SharedFolderFiles
  private let deviceTag: @Sendable (_ backups: String) -> DeviceTag?
  private let creating: SealedVault?
  private let opened = Mutex<Opened?>(nil)

  /// What a read found.
  private struct Opened {
    /// The file's header and key (the vault's own for a file not there yet).
    var vault: SealedVault
    /// The conflict copies read.
    var copies: [String]
    /// Whether the file was not there, and is created.
    var isNew: Bool
    /// Whether the file was written.
    var written = false
  }

  /// The shared vault at `path`, opened with `access`; its folder's files through `files`
  /// (the disk's, or an in-memory folder's in tests). `deviceTag` marks the name its old version
  /// is kept under in the vault's backups (`BackupName`), given that folder: by default this
  /// device's when the vault's folder is a Syncthing folder, from the state root of this
  /// process's environment. `creating`, the vault opened with its key, is
  /// given when the file was never synced: a missing `.json` file in an existing folder is then
  /// created under its header (its password slots, a fresh nonce); without it a missing file is
  /// an error.
  public init(
    path: String, access: SyncAccess, files: SharedFolderFiles = .disk,
    deviceTag: @escaping @Sendable (_ backups: String) -> DeviceTag? = {
      DeviceTag.forBackups(in: $0, stateRoot: StateLocation.root())
    },
    creating: SealedVault? = nil
  ) {
    location = path
    self.access = access
    self.files = files
    self.deviceTag = deviceTag
    self.creating = creating
  }

  /// The source's contents (empty for a file to create), then its conflict copies' (oldest
  /// first). The copies are opened beside the file itself, each on a thread of its own, with the
  /// sync's keys; one they do not open is opened after it, with its key and the passwords too.
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
    let (vault, isNew) = try openFile()
    var versions = [isNew ? VaultContents() : vault.contents]
    var notes = found.unreadable.map { "left alone: \(folder)/\($0) is not a Syncthing conflict copy name" }
    var read: [String] = []
    for (index, path) in paths.enumerated() {
      let opened: SealedVault
      if index < early.count, let ready = early[index].value {
        opened = ready
      } else {
        let bytes: [UInt8]
        do throws(DomainError) { bytes = try files.read(path, false) } catch {
          guard let note = Self.skipNote(path, files) else { throw error }
          notes.append(note)
          continue
        }
        opened = try access.open(bytes, named: path, also: [vault.masterKey])
      }
      versions.append(opened.contents)
      read.append(path)
    }
    let kept = Opened(vault: vault, copies: read, isNew: isNew)
    self.opened.withLock { $0 = kept }
    return SyncSnapshot(versions: versions, notes: notes)
  }

  /// The file opened; the vault `creating` names when the file is not there (once Syncthing is
  /// done replacing it) and may be created.
  private func openFile() throws(DomainError) -> (vault: SealedVault, isNew: Bool) {
    let bytes: [UInt8]
    do throws(DomainError) { bytes = try files.read(location, true) } catch {
      guard let creating, location.hasSuffix(".json"), files.isMissing(location) else { throw error }
      return (creating, true)
    }
    return (try access.open(bytes, named: location), false)
  }

  /// The note for a conflict copy listed, then gone when read: another device merged it and
  /// moved it away meanwhile, so what it held reaches this device through the file it merged into.
  static func goneNote(_ path: String) -> String {
    "skipped \(path): gone before it was read (another device merged it and moved it away)"
  }

  /// The note for a conflict copy that could not be read and is skipped: gone (another device
  /// moved it away), or a file Twofold does not read in a synced folder (a link, a FIFO, a
  /// device, one too large); nil for another failure, which stops the sync.
  static func skipNote(_ path: String, _ files: SharedFolderFiles) -> String? {
    if files.isMissing(path) { return goneNote(path) }
    return files.unusable(path).map { "skipped \(path): it \($0)" }
  }

  /// The master key that opened the file itself.
  var openedKey: SecretBytes? { opened.withLock { $0?.vault.masterKey } }

  /// Conflict copies opened beside the file itself, at most.
  static let mostAhead = 4

  /// Seals `contents` under the source's header and key beside it; the commit keeps the old
  /// file in the vault's backups, then renames the new one over it (a file to create is put in
  /// place only where nothing appeared meanwhile).
  public func prepare(_ contents: VaultContents) throws(DomainError) -> SyncCommit {
    guard let found = opened.withLock({ $0 }) else { throw .storage("\(location) was not read") }
    var bytes = try found.vault.sealing(contents, random: access.random)
    defer { wipe(&bytes) }
    let temporary = try files.prepare(bytes, location)
    let location = self.location
    let access = self.access
    let files = self.files
    let deviceTag = self.deviceTag
    return SyncCommit(
      commit: { () throws(DomainError) in
        if found.isNew {
          try files.create(temporary, location)
        } else {
          let name = BackupName(
            stem: BackupName.stem(of: POSIX.fileName(of: location)),
            stamp: BackupName.timestamp(access.now()),
            tag: deviceTag(access.backups), sequence: 0)
          try files.keepLinked(location, access.backups, name.fileName)
          try files.commit(temporary, location)
        }
        self.opened.withLock { $0?.written = true }
      }, discard: { files.remove(temporary) })
  }

  /// Creates a file to create that the sync did not write (the vault and the result hold no
  /// account, so they hold the same as the empty file), then moves the merged conflict copies
  /// into the vault's backups (one another device moved away meanwhile is left to it).
  public func finish() throws(DomainError) {
    if let found = opened.withLock({ $0 }), found.isNew, !found.written {
      let empty = try prepare(VaultContents())
      do throws(DomainError) { try empty.commit() } catch {
        empty.discard()
        throw error
      }
    }
    for copy in opened.withLock({ $0?.copies ?? [] }) {
      do throws(DomainError) { try files.move(copy, access.backups) } catch {
        guard files.isMissing(copy) else { throw error }
      }
    }
  }
}
