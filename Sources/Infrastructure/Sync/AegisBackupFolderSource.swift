import Crypto
import Data
import Domain
import OTP
import Synchronization

/// A folder of Aegis automatic backups (`aegis-backup-YYYYMMDD-HHMMSS.json`): one-way into the
/// vault. The newest by the time in its name is read; one consumed already (same SHA-256) is
/// skipped. The folder is never written.
public final class AegisBackupFolderSource: KeyedSyncSource, Sendable {
  /// The folder's absolute path.
  public let location: String
  /// Never: the folder is only read.
  public let isTwoWay = false
  private let access: SyncAccess
  private let lastConsumed: String?
  private let opened = Mutex<SecretBytes?>(nil)

  /// The master key that opened the newest backup.
  var openedKey: SecretBytes? { opened.withLock { $0 } }

  /// The backups in `folder`; `lastConsumed` is the SHA-256 of the backup the last sync read.
  public init(folder: String, access: SyncAccess, lastConsumed: String?) {
    location = folder
    self.access = access
    self.lastConsumed = lastConsumed
  }

  /// The newest backup's contents, or nothing when it was consumed already.
  public func read() throws(DomainError) -> SyncSnapshot {
    guard let newest = SyncFileNames.newestAegisBackup(in: try DurableFile.list(location)) else {
      throw .storage("no Aegis backups (aegis-backup-YYYYMMDD-HHMMSS.json) in \(location)")
    }
    let path = location + "/" + newest
    let bytes = try DurableFile.read(path)
    let digest = Hex.encode(Digest.sha256(bytes))
    if digest == lastConsumed { return SyncSnapshot(versions: [], consumed: digest) }
    let vault = try access.open(bytes, named: path)
    opened.withLock { $0 = vault.masterKey }
    return SyncSnapshot(versions: [vault.contents], consumed: digest)
  }

  /// A backup folder is never written.
  public func prepare(_ contents: VaultContents) throws(DomainError) -> SyncCommit {
    throw .storage("\(location) is a folder of Aegis backups: Twofold never writes there")
  }

  /// Nothing to tidy.
  public func finish() throws(DomainError) {}
}
