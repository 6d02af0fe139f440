import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A headless sway (`WLR_BACKENDS=headless`, pixman rendering, no input device) in a folder of
/// its own, and the Wayland clients a test starts on it, every one run as the same unprivileged
/// user: sway refuses to run as root, so a test running as root runs them as `twofold-sway-test`
/// (created when missing) through `setpriv`, any other as itself. Sway chooses its Wayland socket;
/// it is read from its private `XDG_RUNTIME_DIR`. `stop()` ends every process started here.
final class Sway {
  /// Whom sway and its clients run as.
  struct Account: Sendable {
    let uid: uid_t
    let gid: gid_t
    /// Another user than the test's, so every program is started through `setpriv`.
    let switches: Bool
  }

  /// What one program run as the account printed.
  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// An error with what went wrong.
  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  /// The user a test running as root runs sway as.
  static let userName = "twofold-sway-test"
  /// util-linux's setpriv, which starts a program as that user without a PAM session.
  static let setpriv = "/usr/bin/setpriv"
  /// The account sway runs as: the test's own when it is not root, else `userName`, created with
  /// useradd when missing; nil when that user can neither be found nor created.
  static let account: Account? = findAccount()
  /// Why a test is skipped when `account` is nil.
  static let noAccountReason: Comment = """
    sway refuses to run as root, and the user twofold-sway-test neither exists nor could be \
    created with useradd (or setpriv is missing): run the tests as another user, or create it
    """

  /// The folder of the session, owned by the account: its home, runtime folder, logs, and what
  /// the test's programs write.
  let folder: TemporaryDirectory
  /// The variables every client gets: `PATH`, `HOME`, `LANG`, `XDG_RUNTIME_DIR`, and once sway
  /// runs, `WAYLAND_DISPLAY` and `SWAYSOCK`.
  private(set) var environment: [String: String]
  private let account: Account
  private var processes: [Process] = []
  private var inputs: [Pipe] = []

  /// Starts sway with a configuration of its own (one 1280×720 output, no bar, no Xwayland) and
  /// waits until it answers on its IPC socket with its output active.
  init() throws {
    guard let account = Self.account else { throw Failure("\(Self.noAccountReason)") }
    self.account = account
    folder = try TemporaryDirectory()
    environment = [
      "PATH": "/usr/bin:/bin", "HOME": folder.path("home"), "LANG": "C.UTF-8",
      "XDG_RUNTIME_DIR": folder.path("run"),
    ]
    try prepareFolders()
    let configuration = try folder.write(
      "sway.conf", "xwayland disable\noutput HEADLESS-1 resolution 1280x720 position 0 0\n")
    let compositor = try start(
      "sway", ["-c", configuration],
      ["WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1"],
      log: "sway.log")
    try waitForSockets(of: compositor)
  }

  deinit { stop() }

  /// Stops every client, then sway: SIGTERM, and SIGKILL to what still runs after 2 s; then waits
  /// up to 5 s for all to end. Never waits for good: a process Foundation still sees running may be
  /// one whose child holds the socket it watches (a menu, say), and that child ends with sway.
  /// Call it at the end of the test (`defer`), so sway outlives the test's last use of it.
  func stop() {
    for process in processes.reversed() where process.isRunning {
      process.terminate()
      if !waitUntil(deadline: 2, condition: { !process.isRunning }) {
        kill(process.processIdentifier, SIGKILL)
      }
    }
    waitUntil(deadline: 5) { processes.allSatisfy { !$0.isRunning } }
    processes = []
    inputs = []
  }

  // MARK: Programs as the account

  /// Starts `program arguments…` as the account with `environment` and `extra`, its output in
  /// the folder's file `log`; stopped with sway. Its standard input is `input` (else empty).
  @discardableResult
  func start(
    _ program: String, _ arguments: [String], _ extra: [String: String] = [:], log: String,
    input: Pipe? = nil
  ) throws -> Process {
    let process = try self.process(program, arguments, extra)
    _ = FileManager.default.createFile(atPath: folder.path(log), contents: nil)
    let output = try FileHandle(forWritingTo: folder.url.appendingPathComponent(log))
    defer { try? output.close() }
    process.standardOutput = output
    process.standardError = output
    process.standardInput = input ?? FileHandle.nullDevice
    try Self.launch(process)
    processes.append(process)
    return process
  }

  /// Runs `program arguments…` as the account and waits for it.
  func run(_ program: String, _ arguments: [String], _ extra: [String: String] = [:]) throws -> Output {
    let process = try self.process(program, arguments, extra)
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try Self.launch(process)
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// A keyboard that stays plugged in, as a real session's does (the headless backend has none):
  /// `wtype -` waiting for a standard input that ends only when it is stopped. While it is there,
  /// windows learn when they gain or lose the keyboard.
  @discardableResult
  func plugKeyboard() throws -> Process {
    let input = Pipe()
    inputs.append(input)
    return try start("wtype", ["-"], log: "keyboard.log", input: input)
  }

  /// The text of a file in the folder; nil when there is none.
  func read(_ name: String) -> String? {
    (try? Data(contentsOf: folder.url.appendingPathComponent(name))).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  // MARK: Sway's state

  /// The app id of the window that has the focus in sway's tree (`swaymsg -t get_tree`), if any.
  func focusedAppID() -> String? {
    guard let output = try? run("swaymsg", ["-r", "-t", "get_tree"]), output.status == 0,
      let tree = try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
    else { return nil }
    return Self.focusedAppID(in: tree)
  }

  // MARK: Starting

  /// Starts `process` with no signal blocked. It would inherit the mask of the calling thread, and
  /// the test runner's worker threads block SIGTERM, SIGUSR1 and others: sway and its clients
  /// would ignore being stopped, and the GTK entry being emptied.
  private static func launch(_ process: Process) throws {
    var none = sigset_t()
    var previous = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    try process.run()
  }

  /// A process that runs `program arguments…` as the account in the folder.
  private func process(_ program: String, _ arguments: [String], _ extra: [String: String]) throws
    -> Process
  {
    let path = program.hasPrefix("/") ? program : OptionalDependency.program(program)
    guard let path else { throw Failure("no \(program) on PATH") }
    let process = Process()
    if account.switches {
      process.executableURL = URL(fileURLWithPath: Self.setpriv)
      process.arguments =
        ["--reuid=\(account.uid)", "--regid=\(account.gid)", "--clear-groups", "--", path] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: path)
      process.arguments = arguments
    }
    process.environment = environment.merging(extra) { $1 }
    process.currentDirectoryURL = folder.url
    return process
  }

  /// Gives the folder to the account, with a home and a runtime folder only it may enter.
  private func prepareFolders() throws {
    try FileManager.default.createDirectory(atPath: folder.path("home"), withIntermediateDirectories: false)
    try FileManager.default.createDirectory(
      atPath: folder.path("run"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    for path in [folder.url.path, folder.path("home"), folder.path("run")] {
      guard chown(path, account.uid, account.gid) == 0 else {
        throw Failure("cannot give \(path) to uid \(account.uid): errno \(errno)")
      }
    }
    guard try run("/usr/bin/test", ["-w", folder.url.path]).status == 0 else {
      throw Failure(
        "uid \(account.uid) cannot write \(folder.url.path): is every folder above it searchable?")
    }
  }

  /// Waits until sway has made its Wayland and IPC sockets and reports an active output, and
  /// puts their names in `environment`.
  private func waitForSockets(of compositor: Process) throws {
    let ready = waitUntil(deadline: 30) {
      guard compositor.isRunning, let sockets = sockets() else { return false }
      environment["WAYLAND_DISPLAY"] = sockets.wayland
      environment["SWAYSOCK"] = sockets.ipc
      return hasActiveOutput()
    }
    guard ready else {
      let state = compositor.isRunning ? "running" : "exited \(compositor.terminationStatus)"
      throw Failure("sway did not start (\(state)): \(read("sway.log") ?? "")")
    }
  }

  /// The Wayland socket's name and the IPC socket's path, once both are in the runtime folder.
  private func sockets() -> (wayland: String, ipc: String)? {
    let runtime = folder.path("run")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime)) ?? []
    let wayland = names.filter { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }
    let ipc = names.filter { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }
    guard wayland.count == 1, ipc.count == 1 else { return nil }
    return (wayland[0], runtime + "/" + ipc[0])
  }

  /// Whether `swaymsg -t get_outputs` lists an active output.
  private func hasActiveOutput() -> Bool {
    guard let output = try? run("swaymsg", ["-r", "-t", "get_outputs"]), output.status == 0,
      let outputs = try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]]
    else { return false }
    return outputs.contains { $0["active"] as? Bool == true }
  }

  /// The app id (else the name) of the focused node in `node` or below it.
  private static func focusedAppID(in node: Any) -> String? {
    guard let node = node as? [String: Any] else { return nil }
    if node["focused"] as? Bool == true { return node["app_id"] as? String ?? node["name"] as? String }
    let children = (node["nodes"] as? [Any] ?? []) + (node["floating_nodes"] as? [Any] ?? [])
    return children.lazy.compactMap { focusedAppID(in: $0) }.first
  }

  // MARK: The account

  /// The test's own account when it is not root, else `userName`'s, created when missing.
  private static func findAccount() -> Account? {
    guard geteuid() == 0 else { return Account(uid: getuid(), gid: getgid(), switches: false) }
    guard FileManager.default.isExecutableFile(atPath: setpriv) else { return nil }
    if let found = lookUp() { return found }
    let useradd = ["/usr/sbin/useradd", "/sbin/useradd"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let useradd else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: useradd)
    process.arguments = ["--system", "--user-group", "--shell", "/usr/sbin/nologin", userName]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    // Another test process may have created it meanwhile: whether it is there now is what counts.
    return lookUp()
  }

  /// `userName`'s account, if it exists.
  private static func lookUp() -> Account? {
    guard let entry = getpwnam(userName) else { return nil }
    return Account(uid: entry.pointee.pw_uid, gid: entry.pointee.pw_gid, switches: true)
  }
}

/// A GTK 3 window (python3-gi) with one entry, on a `Sway` as its user: it saves the entry's text
/// to `entry-text` in the session's folder on every change (empty once it starts), and to
/// `entry-focus` `yes` or `no` when its window gains or loses the keyboard; SIGUSR1 empties it.
struct GTKEntry {
  /// The window's app id in sway's tree.
  static let appID = "twofold-entry"
  /// The program, for `/usr/bin/python3` (Debian's, where python3-gi is).
  static let program = #"""
    import os
    import signal
    import sys

    import gi

    gi.require_version("Gtk", "3.0")
    from gi.repository import GLib, Gtk

    folder = sys.argv[1]


    def save(name, text):
        path = os.path.join(folder, name)
        with open(path + ".new", "w") as file:
            file.write(text)
        os.replace(path + ".new", path)


    def clear():
        entry.set_text("")
        return GLib.SOURCE_CONTINUE


    GLib.set_prgname("twofold-entry")
    window = Gtk.Window(title="twofold-entry")
    entry = Gtk.Entry()
    entry.connect("changed", lambda entry: save("entry-text", entry.get_text()))
    window.connect("focus-in-event", lambda window, event: save("entry-focus", "yes"))
    window.connect("focus-out-event", lambda window, event: save("entry-focus", "no"))
    window.connect("destroy", Gtk.main_quit)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, clear)
    window.add(entry)
    window.show_all()
    save("entry-text", "")
    Gtk.main()
    """#

  let sway: Sway
  let process: Process

  /// Starts the window and waits until it has the focus in sway's tree.
  init(on sway: Sway) throws {
    self.sway = sway
    let script = try sway.folder.write("entry.py", Self.program)
    let variables = ["GDK_BACKEND": "wayland", "NO_AT_BRIDGE": "1", "GSETTINGS_BACKEND": "memory"]
    process = try sway.start("/usr/bin/python3", [script, sway.folder.url.path], variables, log: "entry.log")
    let shown = waitUntil(deadline: 30) { sway.read("entry-text") == "" && sway.focusedAppID() == Self.appID }
    guard shown else {
      throw Sway.Failure("the GTK 3 entry did not show up focused: \(sway.read("entry.log") ?? "")")
    }
  }

  /// What the entry holds, as last saved.
  var text: String? { sway.read("entry-text") }

  /// `yes` or `no`: whether the window has the keyboard, as last saved (nil before it first had it).
  var focus: String? { sway.read("entry-focus") }

  /// Empties the entry and waits until it says so; whether it did.
  func clear() -> Bool {
    guard text != "" else { return true }
    kill(process.processIdentifier, SIGUSR1)
    return waitUntil(deadline: 10) { text == "" }
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs the test only where sway has a user to run as (`Sway.account`), creating it if need be.
  static var swayUser: Self {
    .enabled(Sway.noAccountReason) { Sway.account != nil }
  }
}
