#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The machine's side of running the agent: starting it in the background, the lock that lets
/// only one run per folder, and leaving the descriptors and signals of whoever started it.
public enum AgentProcess {
  /// Starts `executable` (this program when nil) with `arguments` in a session of its own, its
  /// output to `/dev/null` and without the password variable; false when it could not start.
  public static func startDetached(
    arguments: [String], variables: [String: String], executable: String? = nil
  ) -> Bool {
    guard let executable = executable ?? DetachedProcess.currentExecutable(path: variables["PATH"]) else {
      return false
    }
    return DetachedProcess.start(executable, arguments: arguments, input: [])
  }

  /// Takes the folder's agent lock for the life of the process; false when another agent holds it.
  public static func takeLock(_ folder: RuntimeFolder) -> Result<Bool, RuntimeFolder.Refusal> {
    let descriptor = open(folder.lockFile, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else {
      return .failure(RuntimeFolder.Refusal(reason: "cannot open \(folder.lockFile): \(POSIX.reason())"))
    }
    if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return .success(true) }  // kept open until exit
    let busy = errno == EWOULDBLOCK
    close(descriptor)
    return busy
      ? .success(false)
      : .failure(RuntimeFolder.Refusal(reason: "cannot lock \(folder.lockFile): \(POSIX.reason())"))
  }

  /// Closes inherited descriptors and ignores the signals of a terminal it no longer has.
  public static func leaveParent() {
    DetachedProcess.closeInheritedDescriptors()
    signal(SIGHUP, SIG_IGN)
    signal(SIGPIPE, SIG_IGN)
  }

  /// Removes a socket file left at `path` (by an agent that was killed); only while holding the lock.
  public static func removeStaleSocket(_ path: String) {
    var info = stat()
    if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFSOCK { unlink(path) }
  }

  /// Makes the socket at `path` readable and writable by its owner alone.
  public static func restrictSocket(_ path: String) -> Bool { chmod(path, 0o600) == 0 }

  /// Removes the socket at `path` if it is still the one this agent made (same inode).
  public static func removeSocket(_ path: String, identity: FileIdentity?) {
    if let identity, FileIdentity.of(path) == identity { unlink(path) }
  }

  /// This process's id.
  public static var pid: Int32 { Int32(getpid()) }

  /// This process's user id.
  public static var uid: UInt32 { UInt32(getuid()) }

  /// Ends the process at once with `status`.
  public static func exit(_ status: Int32) -> Never { _exit(status) }

  /// Sleeps `milliseconds`.
  public static func sleep(milliseconds: Int) { POSIX.sleep(milliseconds: milliseconds) }

  /// `path` made absolute and free of symbolic links and `..` where the file exists; else
  /// joined to the working folder.
  public static func absolutePath(_ path: String) -> String {
    if let resolved = realpath(path, nil) {
      defer { free(resolved) }
      return String(cString: resolved)
    }
    if path.hasPrefix("/") { return path }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return path }
    let folder = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return folder + "/" + path
  }
}
