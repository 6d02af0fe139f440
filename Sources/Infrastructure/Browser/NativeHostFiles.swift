#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The machine's side of the browser's native messaging host: this program's own path (which the
/// host manifests name), the manifests' files, and the host's standard input and output.
public enum NativeHostFiles {
  /// This program's executable as an absolute path with every symlink resolved, or nil.
  public static func executablePath() -> String? {
    #if os(Linux)
      guard let resolved = realpath("/proc/self/exe", nil) else { return nil }
      defer { free(resolved) }
      return String(cString: resolved)
    #else
      return nil
    #endif
  }

  /// Writes `bytes` to `path` (0600, replacing a file there atomically), creating its missing
  /// folders (0700).
  public static func write(_ path: String, _ bytes: [UInt8]) -> Result<Void, LocalFileError> {
    if let code = POSIX.makeDirectories(POSIX.directory(of: path)) {
      return .failure(
        LocalFileError(reason: "cannot create the folder of \(path): \(POSIX.reason(code))"))
    }
    return LocalFiles.writePrivate(path, bytes)
  }

  /// Removes the file at `path`: true when it was there, false when there was none.
  public static func remove(_ path: String) -> Result<Bool, LocalFileError> {
    if unlink(path) == 0 { return .success(true) }
    if errno == ENOENT { return .success(false) }
    return .failure(LocalFileError(reason: "cannot remove \(path): \(POSIX.reason())"))
  }

  /// At most `count` bytes of standard input; none at its end or on a read error.
  public static func readStandardInput(_ count: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    while true {
      let got = bytes.withUnsafeMutableBytes { read(0, $0.baseAddress, count) }
      if got < 0 && errno == EINTR { continue }
      return got > 0 ? Array(bytes[..<got]) : []
    }
  }

  /// Writes all of `bytes` to standard output; false when its reader went away.
  public static func writeStandardOutput(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { PipeWriter.writeAll(1, $0) } == 0
  }
}
