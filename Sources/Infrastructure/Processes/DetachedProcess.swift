#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program started in a session of its own that outlives this process, the way `pass -c`
/// leaves a process behind to clear the clipboard: its input comes through a pipe, its output
/// goes to `/dev/null`, and nobody waits for it.
enum DetachedProcess {
  /// This program's executable: `/proc/self/exe` on Linux (a static build included, and still
  /// the running binary if the file was replaced since), else `argv[0]`, looked up on `PATH`.
  static func currentExecutable(path: String?) -> String? {
    #if os(Linux)
      return "/proc/self/exe"
    #else
      guard let name = CommandLine.arguments.first, !name.isEmpty else { return nil }
      if name.contains("/") { return name }
      for folder in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
        let candidate = "\(folder)/\(name)"
        if access(candidate, X_OK) == 0 { return candidate }
      }
      return nil
    #endif
  }

  /// Starts `executable` with `arguments` (`argv[1...]`) and `input` on its standard input; false
  /// when it could not start. `input` goes into the pipe before the child exists, so it must fit
  /// in a pipe's buffer (64 KiB on Linux, 16 KiB at least elsewhere); nothing secret goes in
  /// `arguments`, which `ps` shows.
  static func start(_ executable: String, arguments: [String], input: [UInt8]) -> Bool {
    guard input.count <= 4096 else { return false }
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return false }
    for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    defer { close(pipeEnds[0]) }
    let written = input.withUnsafeBytes { write(pipeEnds[1], $0.baseAddress, $0.count) }
    close(pipeEnds[1])
    guard written == input.count else { return false }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Its own session: no controlling terminal, so closing the terminal does not hang it up.
    posix_spawnattr_setflags(&attributes, Int16(setSession))

    var pid: pid_t = 0
    // argv[0] as this process was started, so `ps` shows `twofold …` rather than `exe …`.
    let name = CommandLine.arguments.first ?? executable
    let spawned = POSIX.withCStrings([name] + arguments) { argv in
      POSIX.withCStrings(POSIX.environment(without: POSIX.secretVariables)) { environment in
        posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
      }
    }
    return spawned == 0
  }

  /// Closes every descriptor above standard error, which a detached process inherited from
  /// whoever started its parent: a caller reading its parent's output through a pipe would not
  /// see the end of it while a copy stays open here. (Swift does not see glibc's
  /// `posix_spawn_file_actions_addclosefrom_np`, so the child does it first thing.)
  static func closeInheritedDescriptors() {
    #if os(Linux)
      let open = POSIX.listDirectory("/proc/self/fd").compactMap { Int32($0) }
    #else
      let open = Array(3..<min(getdtablesize(), 4096))
    #endif
    for descriptor in open where descriptor > 2 { close(descriptor) }
  }

  /// `POSIX_SPAWN_SETSID`, which Swift's Glibc module leaves out (it is a GNU extension there).
  #if os(Linux)
    private static let setSession: Int32 = 0x80
  #else
    private static let setSession: Int32 = POSIX_SPAWN_SETSID
  #endif
}
