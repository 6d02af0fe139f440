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
    // Files Twofold does not read in a folder others can write (links, FIFOs, devices, files too
    // large) are passed over, each with a note: the newest backup is the newest regular file.
    var names = try DurableFile.list(location)
    var notes: [String] = []
    var found: String?
    while let newest = SyncFileNames.newestAegisBackup(in: names) {
      if let reason = DurableFile.unusable(location + "/" + newest) {
        notes.append("skipped \(location)/\(newest): it \(reason)")
        names.removeAll { $0 == newest }
        continue
      }
      found = newest
      break
    }
    guard let newest = found else {
      throw .storage("no Aegis backups (aegis-backup-YYYYMMDD-HHMMSS.json) in \(location)")
    }
    let path = location + "/" + newest
    let bytes = try DurableFile.read(path)
    let digest = Hex.encode(Digest.sha256(bytes))
    if digest == lastConsumed { return SyncSnapshot(versions: [], consumed: digest, notes: notes) }
    let vault = try access.open(bytes, named: path)
    opened.withLock { $0 = vault.masterKey }
    return SyncSnapshot(versions: [vault.contents], consumed: digest, notes: notes)
  }

  /// A backup folder is never written.
  public func prepare(_ contents: VaultContents) throws(DomainError) -> SyncCommit {
    throw .storage("\(location) is a folder of Aegis backups: Twofold never writes there")
  }

  /// Nothing to tidy.
  public func finish() throws(DomainError) {}
}
