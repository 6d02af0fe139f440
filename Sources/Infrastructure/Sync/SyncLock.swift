import Domain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lock that keeps two syncs of one vault from interleaving: an exclusive `flock` on a file
/// beside the vault, held for the whole sync (the vault's own lock is taken inside, for its save).
public enum SyncLock {
  /// Runs `body` holding the sync lock of the vault at `vaultPath`, waiting up to `timeout` seconds.
  public static func holding<Result, Failure: Error>(
    _ vaultPath: String, timeout: Double = 10, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result? {
    let folder = POSIX.directory(of: vaultPath)
    let path = folder + "/." + POSIX.fileName(of: vaultPath) + ".sync-lock"
    _ = POSIX.makeDirectories(folder)
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    let deadline = POSIX.monotonicSeconds() + timeout
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR, POSIX.monotonicSeconds() < deadline else { return nil }
      POSIX.sleep(milliseconds: 20)
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }
}
