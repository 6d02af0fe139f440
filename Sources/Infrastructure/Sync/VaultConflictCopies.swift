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
  private let copies = Mutex<[String]>([])

  /// The conflict copies of the vault at `vault`, opened with `access`.
  public init(vault: String, access: SyncAccess) {
    location = vault
    self.access = access
  }

  /// The paths of the conflict copies beside the vault at `vault`, oldest first.
  public static func paths(of vault: String) -> [String] {
    let folder = POSIX.directory(of: vault)
    return SyncFileNames.conflictCopies(of: POSIX.fileName(of: vault), among: POSIX.listDirectory(folder))
      .copies.map { folder + "/" + $0.fileName }
  }

  /// Each copy's contents, oldest first.
  public func read() throws(DomainError) -> SyncSnapshot {
    let paths = Self.paths(of: location)
    var versions: [VaultContents] = []
    for path in paths {
      versions.append(try access.open(try DurableFile.read(path), named: path).contents)
    }
    copies.withLock { $0 = paths }
    return SyncSnapshot(versions: versions)
  }

  /// Never called: the source is one-way.
  public func prepare(_ contents: VaultContents) throws(DomainError) -> SyncCommit {
    throw .storage("the conflict copies of \(location) are not written")
  }

  /// Moves the merged copies into the vault's backups.
  public func finish() throws(DomainError) {
    for copy in copies.withLock({ $0 }) { try DurableFile.move(copy, into: access.backups) }
  }
}
