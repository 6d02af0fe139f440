import Crypto
import Data
import Domain
import Synchronization

/// The vault's own Syncthing conflict copies beside it (sync.md: the vault itself in a synced
/// folder): each merged into the vault, oldest first, against the versions this device kept,
/// then moved into the vault's backups. Never written, never remembered.
public final class VaultConflictCopies: SyncSource, Sendable {
  /// The vault's absolute path (the report names the copies by it).
  public let location: String
  /// Never: the vault itself is what gets the result.
  public let isTwoWay = false
  /// Never: the copies are merged against kept versions only.
  public let isRemembered = false
  private let access: SyncAccess
  private let files: SharedFolderFiles
  private let copies = Mutex<[String]>([])

  /// The conflict copies of the vault at `vault`, opened with `access`; the folder's files
  /// through `files` (the disk's, or an in-memory folder's in tests).
  public init(vault: String, access: SyncAccess, files: SharedFolderFiles = .disk) {
    location = vault
    self.access = access
    self.files = files
  }

  /// The paths of the conflict copies beside the vault at `vault`, oldest first.
  public static func paths(of vault: String) -> [String] {
    let folder = POSIX.directory(of: vault)
    return SyncFileNames.conflictCopies(of: POSIX.fileName(of: vault), among: POSIX.listDirectory(folder))
      .copies.map { folder + "/" + $0.fileName }
  }

  /// Each copy's contents, oldest first; a copy gone when read (another device merged it and
  /// moved it away) is skipped with a note.
  public func read() throws(DomainError) -> SyncSnapshot {
    let folder = POSIX.directory(of: location)
    let paths = SyncFileNames.conflictCopies(of: POSIX.fileName(of: location), among: try files.list(folder))
      .copies.map { folder + "/" + $0.fileName }
    var versions: [VaultContents] = []
    var read: [String] = []
    var notes: [String] = []
    for path in paths {
      let bytes: [UInt8]
      do throws(DomainError) { bytes = try files.read(path, false) } catch {
        guard let note = SharedVaultSource.skipNote(path, files) else { throw error }
        notes.append(note)
        continue
      }
      versions.append(try access.open(bytes, named: path).contents)
      read.append(path)
    }
    copies.withLock { $0 = read }
    return SyncSnapshot(versions: versions, notes: notes)
  }

  /// Never called: the source is one-way.
  public func prepare(_ contents: VaultContents) throws(DomainError) -> SyncCommit {
    throw .storage("the conflict copies of \(location) are not written")
  }

  /// Moves the merged copies into the vault's backups (one another device moved away meanwhile
  /// is left to it).
  public func finish() throws(DomainError) {
    for copy in copies.withLock({ $0 }) {
      do throws(DomainError) { try files.move(copy, access.backups) } catch {
        guard files.isMissing(copy) else { throw error }
      }
    }
  }
}
