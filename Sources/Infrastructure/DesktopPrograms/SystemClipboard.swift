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
    /// The tool ran and failed: a phrase saying how, with the tool's own error line.
    case toolFailed(String)
  }

  let variables: [String: String]
  /// The graphical sessions `variables` name.
  var session: GraphicalSession { GraphicalSession(variables: variables) }

  /// Looks for tools using these environment variables (`PATH`, `WAYLAND_DISPLAY`, `DISPLAY`).
  public init(variables: [String: String]) {
    self.variables = variables
  }

  /// The command that would be used, if any.
  public var tool: [String]? {
    var candidates: [[String]] = []
    if session.isWayland { candidates.append(["wl-copy"]) }
    if session.isX11 {
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
    var bytes = Array(text.utf8)
    defer { for index in bytes.indices { bytes[index] = 0 } }
    try Self.run(command, input: bytes)
    return POSIX.fileName(of: command[0])
  }

  /// Runs `command` with `input` on its standard input; a failure says what the tool said on its
  /// standard error (its first line), or how it ended.
  static func run(_ command: [String], input: [UInt8]) throws(Failure) {
    let name = POSIX.fileName(of: command[0])
    var inputEnds: [Int32] = [0, 0]
    var errorEnds: [Int32] = [0, 0]
    // Close-on-exec ends: the tool (which may stay behind serving the clipboard) gets only its
    // standard input and error, never a stray copy of either pipe.
    guard ChildProcess.makePipe(&inputEnds) else { throw .toolFailed("cannot create a pipe for \(name)") }
    guard ChildProcess.makePipe(&errorEnds) else {
      close(inputEnds[0])
      close(inputEnds[1])
      throw .toolFailed("cannot create a pipe for \(name)")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inputEnds[0], 0)
    posix_spawn_file_actions_addclose(&actions, inputEnds[1])
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, errorEnds[1], 2)
    posix_spawn_file_actions_addclose(&actions, errorEnds[0])
    var pid: pid_t = 0
    let spawned = POSIX.withCStrings(command) { arguments in
      POSIX.withCStrings(POSIX.environment(without: POSIX.secretVariables)) { environment in
        posix_spawn(&pid, command[0], &actions, nil, arguments, environment)
      }
    }
    close(inputEnds[0])
    close(errorEnds[1])
    defer { close(errorEnds[0]) }
    guard spawned == 0 else {
      close(inputEnds[1])
      throw .toolFailed("cannot start \(name)")
    }
    _ = input.withUnsafeBytes { write(inputEnds[1], $0.baseAddress, $0.count) }
    close(inputEnds[1])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    guard status != 0 else { return }
    throw .toolFailed(Self.describe(name, status: status, error: Self.available(errorEnds[0])))
  }

  /// What the tool wrote on its standard error before it ended: read without waiting, since a
  /// tool that serves the clipboard leaves a child behind holding the pipe open.
  private static func available(_ descriptor: Int32) -> [UInt8] {
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1024)
    while bytes.count < 8192 {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      bytes += chunk[0..<count]
    }
    return bytes
  }

  /// How a failed tool is described: `wl-copy failed: ITS FIRST LINE`, else its status or signal.
  static func describe(_ name: String, status: Int32, error: [UInt8]) -> String {
    let line = String(decoding: error, as: UTF8.self).split(whereSeparator: \.isNewline)
      .map { $0.drop { $0.isWhitespace } }.first { !$0.isEmpty }
    if let line { return "\(name) failed: \(line.prefix(300))" }
    let signal = status & 0x7f
    if signal != 0 { return "\(name) crashed (signal \(signal))" }
    return "\(name) failed (exit status \((status >> 8) & 0xff))"
  }

  func find(_ name: String) -> String? {
    for folder in (variables["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
      let candidate = "\(folder)/\(name)"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }
}
