#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whole-file reads and private writes for files other than the vault (password files, exports).
public enum LocalFiles {
  /// The bytes of the file at `path`, or the system's reason it cannot be read.
  public static func read(_ path: String) -> Result<[UInt8], LocalFileError> {
    POSIX.readFile(path).mapError { LocalFileError(reason: "cannot read \(path): \(POSIX.reason($0.code))") }
  }

  /// Writes `bytes` to `path` with mode 0600, replacing an existing file atomically.
  public static func writePrivate(_ path: String, _ bytes: [UInt8]) -> Result<Void, LocalFileError> {
    let temporary = POSIX.directory(of: path) + "/." + POSIX.fileName(of: path) + ".tmp-\(getpid())"
    unlink(temporary)
    if let code = POSIX.writeNewFile(temporary, bytes) {
      return .failure(LocalFileError(reason: "cannot write \(path): \(POSIX.reason(code))"))
    }
    guard rename(temporary, path) == 0 else {
      let reason = POSIX.reason()
      unlink(temporary)
      return .failure(LocalFileError(reason: "cannot write \(path): \(reason)"))
    }
    return .success(())
  }
}

/// A file that could not be read or written; the reason names the path, never the content.
public struct LocalFileError: Error, Equatable, Sendable {
  /// One line for people.
  public let reason: String
}
