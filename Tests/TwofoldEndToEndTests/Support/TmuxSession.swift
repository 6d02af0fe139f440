import Foundation
import TestSupport

/// The built `twofold` running in a detached tmux session of fixed size, driven with
/// `send-keys` and read with `capture-pane`; the session's server is private to the test.
final class TmuxSession {
  /// Why a wait failed: what was awaited and the last screen.
  struct Timeout: Error, CustomStringConvertible {
    let awaited: String
    let screen: String
    var description: String { "timed out waiting for \(awaited); the screen was:\n\(screen)" }
  }

  private let folder: TemporaryDirectory
  private let socket: String

  /// Starts `twofold arguments…` (or `program arguments…`) in a `width × height` session with
  /// only `environment` (plus PATH, TERM, a UTF-8 locale and, unless given, `TWOFOLD_AGENT=off`).
  init(
    _ arguments: [String], environment: [String: String], width: Int = 100, height: Int = 30,
    program: String = TwofoldProcess.binary.path
  ) throws {
    folder = try TemporaryDirectory()
    socket = folder.path("tmux")
    var variables = [
      "PATH": "/usr/bin:/bin", "TERM": "screen-256color", "LANG": "C.UTF-8", "TWOFOLD_AGENT": "off",
    ]
    variables.merge(environment) { $1 }
    let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    try tmux(
      ["new-session", "-d", "-s", "app", "-x", String(width), "-y", String(height), "/usr/bin/env", "-i"]
        + assignments + [program] + arguments)
  }

  deinit { _ = try? tmux(["kill-server"]) }

  /// Presses named keys (`Enter`, `Escape`, `Tab`, `C-u`) or single characters.
  func press(_ keys: String...) throws {
    try tmux(["send-keys", "-t", "app"] + keys)
  }

  /// Types `text` literally.
  func type(_ text: String) throws {
    try tmux(["send-keys", "-t", "app", "-l", text])
  }

  /// The screen's text, one line per row.
  func screen() throws -> String {
    try tmux(["capture-pane", "-p", "-t", "app"])
  }

  /// Whether the app is still running (the session ends when it quits).
  var isRunning: Bool { (try? tmux(["has-session", "-t", "app"])) != nil }

  /// Polls the screen until `condition` holds, and returns that screen.
  @discardableResult
  func waitFor(
    _ awaited: String, timeout: Double = 15, _ condition: (String) -> Bool
  ) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var last = ""
    while Date() < deadline {
      if let screen = try? screen() {
        last = screen
        if condition(screen) { return screen }
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw Timeout(awaited: awaited, screen: last)
  }

  /// Polls the screen until it contains `text`.
  @discardableResult
  func waitFor(_ text: String, timeout: Double = 15) throws -> String {
    try waitFor("“\(text)”", timeout: timeout) { $0.contains(text) }
  }

  /// Waits for the app to end.
  func waitUntilExited(timeout: Double = 10) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while isRunning {
      guard Date() < deadline else {
        throw Timeout(awaited: "the app to quit", screen: (try? screen()) ?? "")
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }

  /// Runs tmux against the session's own server, with every signal unblocked and at its
  /// default (the test runner's threads block signals, and tmux and the app would inherit that).
  /// Output goes through a file, not a pipe: the server that `new-session` starts would keep a
  /// pipe open forever.
  @discardableResult
  private func tmux(_ arguments: [String]) throws -> String {
    guard let program = OptionalDependency.tmuxProgram else { throw CocoaError(.executableNotLoadable) }
    let outputPath = folder.path("output-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGCHLD, SIGWINCH, SIGTSTP, SIGCONT, SIGALRM] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let words: [String] = [program, "-S", socket, "-f", "/dev/null"] + arguments
    let variables: [String] = ["PATH=/usr/bin:/bin", "LANG=C.UTF-8", "HOME=\(folder.url.path)"]
    let argv = words.map { strdup($0) } + [nil]
    let envp = variables.map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, program, &actions, &attributes, argv, envp) == 0 else {
      throw CocoaError(.executableLoad)
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    guard status == 0 else { throw CocoaError(.fileReadUnknown) }
    return String(
      decoding: (try? Data(contentsOf: URL(fileURLWithPath: outputPath))) ?? Data(), as: UTF8.self)
  }
}
