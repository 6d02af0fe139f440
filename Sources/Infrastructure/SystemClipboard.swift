#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The desktop's clipboard through its command-line tool: wl-copy on Wayland, xclip or xsel on
/// X11, pbcopy on macOS.
public struct SystemClipboard: Sendable {
  /// Why copying did not happen.
  public enum Failure: Error, Equatable {
    /// No clipboard tool is installed for this desktop.
    case noTool
    /// The tool ran and failed.
    case toolFailed(String)
  }

  let variables: [String: String]

  /// Looks for tools using these environment variables (`PATH`, `WAYLAND_DISPLAY`, `DISPLAY`).
  public init(variables: [String: String]) {
    self.variables = variables
  }

  /// The command that would be used, if any.
  public var tool: [String]? {
    var candidates: [[String]] = []
    if variables["WAYLAND_DISPLAY"] != nil { candidates.append(["wl-copy"]) }
    if variables["DISPLAY"] != nil {
      candidates.append(["xclip", "-selection", "clipboard"])
      candidates.append(["xsel", "--clipboard", "--input"])
    }
    candidates.append(["pbcopy"])
    return candidates.first { find($0[0]) != nil }.map { [find($0[0])!] + $0.dropFirst() }
  }

  /// Puts `text` on the clipboard and returns the tool's name.
  @discardableResult
  public func copy(_ text: String) throws(Failure) -> String {
    guard let command = tool else { throw .noTool }
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { throw .toolFailed("cannot create a pipe") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    let devNull = open("/dev/null", O_WRONLY | O_CLOEXEC)
    if devNull >= 0 {
      posix_spawn_file_actions_adddup2(&actions, devNull, 1)
      posix_spawn_file_actions_adddup2(&actions, devNull, 2)
    }
    var pid: pid_t = 0
    let spawned = POSIX.withCStrings(command) { arguments in
      POSIX.withCStrings(POSIX.environment(without: POSIX.secretVariables)) { environment in
        posix_spawn(&pid, command[0], &actions, nil, arguments, environment)
      }
    }
    close(pipeEnds[0])
    if devNull >= 0 { close(devNull) }
    guard spawned == 0 else {
      close(pipeEnds[1])
      throw .toolFailed("cannot start \(command[0])")
    }
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(pipeEnds[1], $0.baseAddress, $0.count) }
    for index in bytes.indices { bytes[index] = 0 }
    close(pipeEnds[1])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let name = POSIX.fileName(of: command[0])
    guard status == 0 else { throw .toolFailed("\(name) failed") }
    return name
  }

  func find(_ name: String) -> String? {
    for folder in (variables["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
      let candidate = "\(folder)/\(name)"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }
}
