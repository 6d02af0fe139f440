#if canImport(Glibc)
  import Glibc
#endif

/// One run of a clipboard tool as a child of this long-lived service: its input written, its
/// output read, and the child waited for until a deadline, then killed and waited for: never a
/// wait without end (a Wayland tool can wait for keyboard focus that never comes) and never a
/// child left unreaped.
public struct ToolRun: Equatable, Sendable {
  /// How it ended: its exit status, or nil when it was killed at the deadline (or by a signal).
  public var status: Int32?
  /// What it printed on standard output, when asked for (at most 64 KiB).
  public var output: [UInt8]
  /// What it wrote on its standard error (at most 64 KiB).
  public var error: [UInt8]

  /// Whether it exited with 0.
  public var succeeded: Bool { status == 0 }

  /// Runs `command` (`command[0]` an absolute path) with `input` on its standard input and this
  /// process's environment without `$TWOFOLD_PASSWORD`; at most `seconds` pass before it is
  /// killed. Nil when it cannot start. Its standard output is read when `readsOutput`, else
  /// goes to `/dev/null`. A child the tool leaves behind (a clipboard server) may hold its
  /// pipes: they are read without waiting for their end once the tool itself has exited.
  public static func run(_ command: [String], input: [UInt8], seconds: Double, readsOutput: Bool = false)
    -> ToolRun?
  {
    guard let executable = command.first else { return nil }
    var inputEnds: [Int32] = [-1, -1]
    var outputEnds: [Int32] = [-1, -1]
    var errorEnds: [Int32] = [-1, -1]
    defer { for end in inputEnds + outputEnds + errorEnds where end >= 0 { close(end) } }
    guard makePipe(&inputEnds), makePipe(&errorEnds) else { return nil }
    if readsOutput { guard makePipe(&outputEnds) else { return nil } }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inputEnds[0], 0)
    if readsOutput {
      posix_spawn_file_actions_adddup2(&actions, outputEnds[1], 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_adddup2(&actions, errorEnds[1], 2)
    var pid: pid_t = 0
    let spawned = withCStrings(command) { arguments in
      withCStrings(environment()) { variables in
        posix_spawn(&pid, executable, &actions, nil, arguments, variables)
      }
    }
    // The child's ends are the child's alone now.
    close(inputEnds[0])
    inputEnds[0] = -1
    close(errorEnds[1])
    errorEnds[1] = -1
    if readsOutput {
      close(outputEnds[1])
      outputEnds[1] = -1
    }
    guard spawned == 0 else { return nil }
    // A clipboard's text is small: it fits the pipe's buffer, so writing never blocks.
    _ = input.withUnsafeBytes { write(inputEnds[1], $0.baseAddress, $0.count) }
    close(inputEnds[1])
    inputEnds[1] = -1
    for end in [outputEnds[0], errorEnds[0]] where end >= 0 {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }

    var run = ToolRun(status: nil, output: [], error: [])
    let deadline = monotonicSeconds() + seconds
    var status: Int32 = 0
    while true {
      if readsOutput { drain(outputEnds[0], into: &run.output) }
      let waited = waitpid(pid, &status, WNOHANG)
      if waited == pid { break }
      if waited < 0 && errno != EINTR { return run }
      if monotonicSeconds() >= deadline {
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        drain(errorEnds[0], into: &run.error)
        return run
      }
      var descriptor = pollfd(fd: readsOutput ? outputEnds[0] : -1, events: Int16(POLLIN), revents: 0)
      // Wakes for output, else after 10 ms to look again (a negative descriptor is only waited on).
      _ = poll(&descriptor, 1, 10)
    }
    if readsOutput { drain(outputEnds[0], into: &run.output) }
    drain(errorEnds[0], into: &run.error)
    // WIFEXITED: no signal in the low 7 bits; WEXITSTATUS: the next 8.
    run.status = status & 0x7f == 0 ? (status >> 8) & 0xff : nil
    return run
  }

  /// A pipe whose ends close on exec (`pipe2` is a GNU extension Swift's Glibc leaves out): the
  /// child gets only the ends its file actions give it.
  private static func makePipe(_ ends: inout [Int32]) -> Bool {
    guard pipe(&ends) == 0 else {
      ends = [-1, -1]
      return false
    }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return true
  }

  /// Reads what `descriptor` (non-blocking) holds now, up to 64 KiB in all.
  private static func drain(_ descriptor: Int32, into bytes: inout [UInt8]) {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count < 1 << 16 {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return }
      bytes += chunk[0..<count]
    }
  }

  /// This process's environment as `NAME=value` entries, without `$TWOFOLD_PASSWORD`.
  static func environment() -> [String] {
    var entries: [String] = []
    var cursor = environ
    while let entry = cursor.pointee {
      let text = String(cString: entry)
      if !text.hasPrefix("TWOFOLD_PASSWORD=") { entries.append(text) }
      cursor += 1
    }
    return entries
  }

  /// Seconds on the monotonic clock.
  static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  /// `texts` as a NULL-terminated array of C strings, for `body`.
  static func withCStrings<Result>(
    _ texts: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
  ) -> Result {
    let pointers = texts.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
  }
}
