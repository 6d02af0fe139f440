import Crypto

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Small, checked wrappers over the POSIX calls the file adapters need.
enum POSIX {
  /// The system's message for `errno`.
  static func reason(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
  }

  /// The folder part of `path` ("." when there is none).
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// The last component of `path`.
  static func fileName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// Creates `path` and its missing parents with mode 0700.
  static func makeDirectories(_ path: String) -> Int32? {
    var current = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      current += "/" + component
      if mkdir(current, 0o700) != 0 && errno != EEXIST { return errno }
    }
    return nil
  }

  /// Reads a whole file.
  static func readFile(_ path: String) -> Result<[UInt8], SystemError> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(SystemError(code: errno)) }
    defer { close(descriptor) }
    var info = stat()
    let expected = fstat(descriptor, &info) == 0 ? max(Int(info.st_size), 0) : 0
    // Straight into an array of the file's size and one byte more (to see its end): no chunk
    // to copy from, nor to wipe (the file may be a password file).
    var failure: Int32?
    var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, initialized in
      while initialized < buffer.count {
        let got = read(descriptor, buffer.baseAddress! + initialized, buffer.count - initialized)
        if got < 0 && errno == EINTR { continue }
        if got < 0 { failure = errno }
        if got <= 0 { break }
        initialized += got
      }
    }
    // A file longer than its size said (it grew, or the system reports none): the rest in chunks.
    if failure == nil && bytes.count == expected + 1 {
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      defer { wipe(&chunk) }
      while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count < 0 { failure = errno }
        if count <= 0 { break }
        bytes += chunk[0..<count]
      }
    }
    if let failure {
      wipe(&bytes)
      return .failure(SystemError(code: failure))
    }
    return .success(bytes)
  }

  /// The bytes of the regular file at `path`, read as a file from a folder others can write is:
  /// opened without following a symbolic link and without blocking (a FIFO), checked to be a
  /// regular file of at most `limit` bytes before anything is allocated, and read up to
  /// `limit` (ELOOP for a link, EINVAL for another kind of file, EFBIG past `limit`).
  static func readRegularFile(_ path: String, limit: Int) -> Result<[UInt8], SystemError> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else { return .failure(SystemError(code: errno)) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(SystemError(code: errno)) }
    guard info.st_mode & S_IFMT == S_IFREG else { return .failure(SystemError(code: EINVAL)) }
    guard Int(info.st_size) <= limit else { return .failure(SystemError(code: EFBIG)) }
    // As large as the file said, growing in chunks only if it grew meanwhile, never past `limit`.
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
    var count = 0
    while true {
      if count == bytes.count {
        guard bytes.count <= limit else { break }
        bytes += [UInt8](repeating: 0, count: min(1 << 16, limit + 1 - bytes.count))
      }
      let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
      if got < 0 && errno == EINTR { continue }
      if got < 0 { return .failure(SystemError(code: errno)) }
      if got == 0 { break }
      count += got
    }
    guard count <= limit else { return .failure(SystemError(code: EFBIG)) }
    return .success(Array(bytes[..<count]))
  }

  /// What `descriptor` gives until its end, at most `limit` bytes.
  static func readAll(_ descriptor: Int32, limit: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: limit)
    var count = 0
    while count < limit {
      let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, limit - count) }
      if got < 0 && errno == EINTR { continue }
      if got <= 0 { break }
      count += got
    }
    return Array(bytes[..<count])
  }

  /// Writes `bytes` to a new file (mode 0600, refusing to follow or replace anything) and flushes it.
  static func writeNewFile(_ path: String, _ bytes: [UInt8]) -> Int32? {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { return errno }
    var failure: Int32?
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0 {
        if errno == EINTR { continue }
        failure = errno
        break
      }
      offset += written
    }
    if failure == nil && fsync(descriptor) != 0 { failure = errno }
    if close(descriptor) != 0 && failure == nil { failure = errno }
    if failure != nil { unlink(path) }
    return failure
  }

  /// Flushes a folder so a rename or a new entry in it survives a crash.
  static func syncDirectory(_ path: String) {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  /// The names in a folder.
  static func listDirectory(_ path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The value of this process's environment variable `name`.
  static func variable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Sleeps for `milliseconds`.
  static func sleep(milliseconds: Int) {
    var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
  }

  /// Variables a child process (a clipboard tool, the process that clears the clipboard) does
  /// not need and must not keep in its `/proc/PID/environ`.
  static let secretVariables: Set<String> = ["TWOFOLD_PASSWORD"]

  /// This process's environment as `NAME=value` entries, leaving out `names`.
  static func environment(without names: Set<String>) -> [String] {
    var entries: [String] = []
    guard var cursor = Optional(environ) else { return entries }
    while let entry = cursor.pointee {
      let text = String(cString: entry)
      let name = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
      if !names.contains(String(name)) { entries.append(text) }
      cursor += 1
    }
    return entries
  }

  /// Runs `body` with `strings` as a null-terminated C array (an `argv` or `envp`).
  static func withCStrings<Result>(
    _ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Result
  ) -> Result {
    var pointers = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
  }

  /// Monotonic seconds, for timeouts.
  static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}

/// An `errno` value as an error.
struct SystemError: Error, Equatable {
  let code: Int32
}
