#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ChildProcess {
  /// The path of the program `name`: `name` itself when it holds a `/`, else the first regular,
  /// executable file of that name in a folder of `path` (a default `PATH` when nil).
  static func find(_ name: String, path: String?) -> String? {
    guard !name.isEmpty else { return nil }
    if name.contains("/") { return isExecutableFile(name) ? name : nil }
    for folder in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
      let candidate = "\(folder)/\(name)"
      if isExecutableFile(candidate) { return candidate }
    }
    return nil
  }

  private static func isExecutableFile(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
    return access(path, X_OK) == 0
  }
}
