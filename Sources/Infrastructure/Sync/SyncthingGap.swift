#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Syncthing replaces a file by deleting it and renaming its temporary file into place
/// (sync.md "Safety"): a file found missing while `.syncthing.NAME.tmp` or `~syncthing~NAME.tmp`
/// lies beside it is waited for, up to 2 s, before it counts as missing.
public enum SyncthingGap {
  /// The longest wait, in seconds.
  static let longest = 2.0

  /// The temporary files Syncthing writes for `path`.
  static func temporaries(of path: String) -> [String] {
    let folder = POSIX.directory(of: path)
    let name = POSIX.fileName(of: path)
    return [folder + "/.syncthing." + name + ".tmp", folder + "/~syncthing~" + name + ".tmp"]
  }

  /// Whether Syncthing is replacing `path` now (one of its temporary files is there).
  public static func isReplacing(_ path: String) -> Bool {
    temporaries(of: path).contains { access($0, F_OK) == 0 }
  }

  /// Waits while `path` is missing and Syncthing is replacing it, at most `longest`; true when
  /// `path` is there at the end.
  @discardableResult
  static func wait(for path: String) -> Bool {
    let deadline = POSIX.monotonicSeconds() + longest
    while access(path, F_OK) != 0 {
      guard isReplacing(path), POSIX.monotonicSeconds() < deadline else { return false }
      POSIX.sleep(milliseconds: 10)
    }
    return true
  }
}
