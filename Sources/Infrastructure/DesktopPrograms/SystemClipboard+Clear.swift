#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SystemClipboard {
  /// The command that prints the clipboard, if one is installed: wl-paste, `xclip -o`, `xsel -o`, pbpaste.
  public var readTool: [String]? {
    var candidates: [[String]] = []
    if session.isWayland { candidates.append(["wl-paste", "--no-newline"]) }
    if session.isX11 {
      candidates.append(["xclip", "-selection", "clipboard", "-o"])
      candidates.append(["xsel", "--clipboard", "--output"])
    }
    candidates.append(["pbpaste"])
    return candidates.first { find($0[0]) != nil }.map { [find($0[0])!] + $0.dropFirst() }
  }

  /// Empties the clipboard if it still holds `text` (someone may have copied something else
  /// since); when the clipboard cannot be read back, empties it anyway.
  public func clear(ifStill text: String) {
    guard tool != nil else { return }
    if let reader = readTool, let current = Self.output(of: reader) {
      var held = current
      while held.last == UInt8(ascii: "\n") { held.removeLast() }
      guard held == Array(text.utf8) else { return }
    }
    guard let command = clearTool else { return }
    try? Self.run(command, input: [])
  }

  /// The command that empties the clipboard: the tool's own clear where it has one
  /// (`wl-copy --clear`, `xsel --clear`), else copying nothing (`xclip`, `pbcopy`).
  public var clearTool: [String]? {
    guard let command = tool else { return nil }
    switch POSIX.fileName(of: command[0]) {
    case "wl-copy": return [command[0], "--clear"]
    case "xsel": return [command[0], "--clipboard", "--clear"]
    default: return command
    }
  }

  /// What `command` prints, or nil when it cannot run or fails.
  private static func output(of command: [String]) -> [UInt8]? {
    var pipeEnds: [Int32] = [0, 0]
    guard ChildProcess.makePipe(&pipeEnds) else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    let spawned = POSIX.withCStrings(command) { arguments in
      POSIX.withCStrings(POSIX.environment(without: POSIX.secretVariables)) { environment in
        posix_spawn(&pid, command[0], &actions, nil, arguments, environment)
      }
    }
    close(pipeEnds[1])
    guard spawned == 0 else {
      close(pipeEnds[0])
      return nil
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count < 1 << 20 {
      let count = chunk.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      bytes += chunk[0..<count]
    }
    close(pipeEnds[0])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return status == 0 ? bytes : nil
  }
}
