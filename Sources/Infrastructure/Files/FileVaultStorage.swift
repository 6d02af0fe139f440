import Data
import Domain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The vault file on a POSIX file system: atomic, durable replacement (new file in the same
/// folder, flushed, renamed over the old one, folder flushed), an exclusive `flock` on a lock
/// file beside the vault, and a copy of the previous file in `backups/` before every change.
public final class FileVaultStorage: VaultStorage, Sendable {
  /// The vault file's path.
  public let path: String
  private let lockTimeout: Double
  private let backupsKept: Int
  private let now: @Sendable () -> Int64
  private let deviceTag: @Sendable () -> DeviceTag?
  private let faultPoint: (@Sendable (WriteStage) -> Void)?

  /// A storage for the vault at `path`; `now` names backups (UTC), `deviceTag` (asked at each
  /// backup; nil: no tag) marks their names with the device's, `lockTimeout` is in seconds.
  /// `faultPoint`, nil but in tests, is called as a replacement reaches each `WriteStage`.
  public init(
    path: String, now: @escaping @Sendable () -> Int64,
    deviceTag: @escaping @Sendable () -> DeviceTag? = { nil }, lockTimeout: Double = 10,
    backupsKept: Int = 20, faultPoint: (@Sendable (WriteStage) -> Void)? = nil
  ) {
    self.path = path
    self.now = now
    self.deviceTag = deviceTag
    self.lockTimeout = lockTimeout
    self.backupsKept = backupsKept
    self.faultPoint = faultPoint
  }

  /// The vault's path.
  public var location: String { path }

  private var folder: String { POSIX.directory(of: path) }
  private var fileName: String { POSIX.fileName(of: path) }
  private var lockPath: String { folder + "/." + fileName + ".lock" }
  /// Temporaries beside the vault are named with one of these and the writer's pid.
  private var temporaryPrefix: String { "." + fileName + ".tmp-" }
  private var backupPrefix: String { "." + fileName + ".backup-" }
  private var newPrefix: String { "." + fileName + ".new-" }

  /// Whether the vault file exists (waiting while Syncthing replaces it).
  public func exists() -> Bool {
    var info = stat()
    return stat(path, &info) == 0 || SyncthingGap.wait(for: path)
  }

  /// The whole vault file (waiting while Syncthing replaces it).
  public func read() throws(StorageError) -> [UInt8] {
    switch POSIX.readFile(path) {
    case .success(let bytes): return bytes
    case .failure(let error) where error.code == ENOENT:
      if SyncthingGap.wait(for: path), case .success(let bytes) = POSIX.readFile(path) { return bytes }
      throw .notFound
    case .failure(let error): throw .failed("cannot read \(path): \(POSIX.reason(error.code))")
    }
  }

  /// Runs `body` holding an exclusive lock, waiting up to the timeout for another process.
  public func withExclusiveLock<Result>(
    _ body: () throws(DomainError) -> Result
  ) throws(DomainError) -> Result {
    if let code = POSIX.makeDirectories(folder) {
      throw .storage("cannot create \(folder): \(POSIX.reason(code))")
    }
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { throw .storage("cannot open \(lockPath): \(POSIX.reason())") }
    defer { close(descriptor) }
    let deadline = POSIX.monotonicSeconds() + lockTimeout
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR else {
        throw .storage("cannot lock \(path): \(POSIX.reason())")
      }
      guard POSIX.monotonicSeconds() < deadline else { throw .vaultLocked }
      POSIX.sleep(milliseconds: 20)
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }

  /// Backs up the current file, then replaces it atomically and durably.
  public func replace(with bytes: [UInt8]) throws(StorageError) {
    removeStaleTemporaries()
    if exists() { try backUp() }
    let temporary = folder + "/" + temporaryPrefix + "\(getpid())"
    if let code = DurableFile.write(bytes, to: temporary) {
      throw .failed("cannot write \(path): \(POSIX.reason(code))")
    }
    faultPoint?(.beforeRename)
    if let code = DurableFile.install(temporary, at: path) {
      throw .failed("cannot replace \(path): \(POSIX.reason(code))")
    }
    faultPoint?(.afterRename)
    POSIX.syncDirectory(folder)
  }

  /// Writes a new vault; an existing file is never replaced (`link` refuses to overwrite).
  public func create(with bytes: [UInt8]) throws(StorageError) {
    if let code = POSIX.makeDirectories(folder) {
      throw .failed("cannot create \(folder): \(POSIX.reason(code))")
    }
    if exists() { throw .alreadyExists }
    let temporary = folder + "/" + newPrefix + "\(getpid())"
    unlink(temporary)
    if let code = POSIX.writeNewFile(temporary, bytes) {
      throw .failed("cannot write \(path): \(POSIX.reason(code))")
    }
    defer { unlink(temporary) }
    guard link(temporary, path) == 0 else {
      if errno == EEXIST { throw .alreadyExists }
      throw .failed("cannot create \(path): \(POSIX.reason())")
    }
    POSIX.syncDirectory(folder)
  }

  /// Removes the temporaries that saves and creations killed midway left beside the vault. The
  /// vault's and its backup's (`.tmp-PID`, `.backup-PID`) are only written under the lock, which
  /// we hold, so every one of them is stale whatever its pid: a pid cannot tell, it may have been
  /// reused or belong to another pid namespace. `create` writes `.new-PID` without the lock, so
  /// those go only when no process has that pid.
  private func removeStaleTemporaries() {
    for name in POSIX.listDirectory(folder) {
      let stale: Bool
      if Self.pid(in: name, after: temporaryPrefix) != nil || Self.pid(in: name, after: backupPrefix) != nil {
        stale = true
      } else if let pid = Self.pid(in: name, after: newPrefix) {
        stale = kill(pid_t(pid), 0) != 0 && errno == ESRCH
      } else {
        stale = false
      }
      if stale { unlink(folder + "/" + name) }
    }
  }

  /// The pid that ends `name` after `prefix`, or nil when `name` is not such a temporary.
  private static func pid(in name: String, after prefix: String) -> Int32? {
    guard name.hasPrefix(prefix) else { return nil }
    return Int32(name.dropFirst(prefix.count)).flatMap { $0 > 0 ? $0 : nil }
  }

  /// The vault's bytes written whole and flushed under a temporary name beside it: a backup's
  /// source where a link cannot be made.
  private func copyBeside() throws(StorageError) -> String {
    let current: [UInt8]
    switch POSIX.readFile(path) {
    case .success(let bytes): current = bytes
    case .failure(let error): throw .failed("cannot read \(path) for its backup: \(POSIX.reason(error.code))")
    }
    let temporary = folder + "/" + backupPrefix + "\(getpid())"
    if let code = DurableFile.write(current, to: temporary) {
      throw .failed("cannot write a backup in \(folder + "/backups"): \(POSIX.reason(code))")
    }
    return temporary
  }

  private func backUp() throws(StorageError) {
    let backups = folder + "/backups"
    if let code = POSIX.makeDirectories(backups) {
      throw .failed("cannot create \(backups): \(POSIX.reason(code))")
    }
    let stem = BackupName.stem(of: fileName)
    let stamp = BackupName.timestamp(now())
    let tag = deviceTag()
    // The oldest go first, so even a process killed right after linking leaves at most the newest N
    // of the vault's name, whichever device made them (a synced folder carries the others').
    let existing = POSIX.listDirectory(backups).compactMap { BackupName(parsing: $0, stem: stem) }.sorted()
    for old in existing.dropLast(max(0, backupsKept - 1)) { unlink(backups + "/" + old.fileName) }
    // The vault is only ever replaced by a rename, never written in place: its file becomes the
    // backup under a second name (a hard link), nothing copied. Where links are refused (the
    // backups on another file system, FAT) or the vault is readable by others (a backup is
    // 0600), a copy written whole and flushed under a temporary name beside the vault first,
    // so a process killed mid-write never leaves a truncated backup.
    let naming = { BackupName(stem: stem, stamp: stamp, tag: tag, sequence: $0).fileName }
    var copy: String? = DurableFile.isPrivate(path) ? nil : try copyBeside()
    defer { if let copy { unlink(copy) } }
    var placed = DurableFile.link(copy ?? path, into: backups, naming: naming)
    if case .failed = placed, copy == nil {
      let made = try copyBeside()
      copy = made
      placed = DurableFile.link(made, into: backups, naming: naming)
    }
    switch placed {
    case .placed: return
    case .failed(_, let code): throw .failed("cannot write a backup in \(backups): \(POSIX.reason(code))")
    case .exhausted: throw .failed("cannot write a backup in \(backups): \(POSIX.reason(EEXIST))")
    }
  }
}
