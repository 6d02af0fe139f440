import DynamicLibraries

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program started without a shell that talks through pipes and has a deadline: reads give up
/// when it passes, and a program still running when dropped is killed and reaped.
final class ChildProcess {
  /// How the program ended.
  enum Exit: Equatable {
    /// It exited with this status.
    case status(Int32)
    /// A signal ended it (0: it could not be waited for).
    case signalled(Int32)

    /// How a program that did not exit with 0 ended, for messages: `crashed (signal 11)`,
    /// `ended with status 3`, `was stopped after N s`.
    func phrase(timeLimit: Double) -> String {
      switch self {
      case .status(let status): "ended with status \(status)"
      case .signalled(0): "was killed"
      case .signalled(let signal): "crashed (signal \(signal))"
      case .timedOut: "was stopped after \(Int(timeLimit)) s"
      }
    }
    /// It was still running at the deadline and was killed.
    case timedOut
  }

  private let pid: pid_t
  private var input: Int32
  private var output: Int32
  private var reaped = false
  /// When reads give up, in `POSIX.monotonicSeconds()`.
  let deadline: Double

  /// Starts `executable` with `arguments` (`argv[1...]`) and `environment`; its standard output
  /// comes back through a pipe, its standard input is a pipe too when `writable` (else
  /// `/dev/null`), and its standard error is this process's unless `quiet`. Nil when it cannot start.
  init?(
    _ executable: String, arguments: [String], environment: [String], writable: Bool, quiet: Bool,
    timeLimit: Double
  ) {
    var toChild: [Int32] = [-1, -1]
    var fromChild: [Int32] = [-1, -1]
    guard Self.makePipe(&fromChild) else { return nil }
    if writable && !Self.makePipe(&toChild) {
      close(fromChild[0])
      close(fromChild[1])
      return nil
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if writable {
      posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
    if quiet { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The program starts with no signal blocked and SIGPIPE at its default, whatever this process does.
    var none = sigset_t()
    sigemptyset(&none)
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &pipeSignal)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    var child: pid_t = 0
    var spawned: Int32 = 0
    // ETXTBSY is passing: the file was open for writing at that moment, perhaps only in a
    // process another thread was starting (a descriptor it held between fork and exec).
    for attempt in 0..<5 {
      if attempt > 0 { POSIX.sleep(milliseconds: 20) }
      spawned = POSIX.withCStrings([executable] + arguments) { argv in
        POSIX.withCStrings(environment) { envp in
          posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        }
      }
      if spawned != ETXTBSY { break }
    }
    close(fromChild[1])
    if writable { close(toChild[0]) }
    guard spawned == 0 else {
      close(fromChild[0])
      if writable { close(toChild[1]) }
      return nil
    }
    pid = child
    input = writable ? toChild[1] : -1
    output = fromChild[0]
    deadline = POSIX.monotonicSeconds() + timeLimit
  }

  deinit {
    closeInput()
    closeOutput()
    if !reaped {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
  }

  /// Writes all of `bytes` to the program's standard input; false when it is closed or gone.
  /// SIGPIPE is held back meanwhile, so a program that quit cannot end this process.
  func send(_ bytes: [UInt8]) -> Bool {
    guard input >= 0 else { return false }
    return bytes.withUnsafeBytes { PipeWriter.writeAll(input, $0) } == 0
  }

  /// Reads what the program wrote into `buffer`, waiting until the deadline: the count read,
  /// 0 at the end of its output, -1 on a failure or once the deadline has passed.
  func receive(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    guard output >= 0, buffer.count > 0 else { return -1 }
    while true {
      let left = deadline - POSIX.monotonicSeconds()
      guard left > 0 else { return -1 }
      var watched = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
      let ready = poll(&watched, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
      if ready < 0 && errno != EINTR { return -1 }
      guard ready > 0 else { continue }
      let count = read(output, buffer.baseAddress, buffer.count)
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      return count
    }
  }

  /// Closes the program's standard input, which tells most programs to finish.
  func closeInput() {
    if input >= 0 { close(input) }
    input = -1
  }

  /// Closes both pipes and waits for the program, at most `seconds` and never past the deadline,
  /// then kills it.
  func finish(within seconds: Double) -> Exit {
    closeInput()
    closeOutput()
    let end = min(deadline, POSIX.monotonicSeconds() + seconds)
    var status: Int32 = 0
    while true {
      let done = waitpid(pid, &status, WNOHANG)
      if done == pid { break }
      if done < 0 && errno != EINTR {
        reaped = true
        return .signalled(0)
      }
      if POSIX.monotonicSeconds() >= end {
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = true
        return .timedOut
      }
      POSIX.sleep(milliseconds: 5)
    }
    reaped = true
    // WIFEXITED and WEXITSTATUS are macros Swift does not import.
    return status & 0x7f == 0 ? .status((status >> 8) & 0xff) : .signalled(status & 0x7f)
  }

  /// A pipe whose ends close on exec, so a program another thread starts cannot inherit one
  /// and hold it open: `pipe2(O_CLOEXEC)` where the C library has it (Swift's Glibc module
  /// leaves out this GNU extension), else `pipe` then `fcntl`.
  static func makePipe(_ ends: inout [Int32]) -> Bool {
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
    if let program = DynamicLibrary.runningProgram(), let pipe2 = program.function("pipe2", as: Pipe2.self) {
      return withExtendedLifetime(program) {
        ends.withUnsafeMutableBufferPointer { pipe2($0.baseAddress, O_CLOEXEC) } == 0
      }
    }
    guard pipe(&ends) == 0 else { return false }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return true
  }

  private func closeOutput() {
    if output >= 0 { close(output) }
    output = -1
  }
}
