import Foundation
import TestSupport

/// A private session bus (`dbus-daemon` with a configuration of its own: no activation, so
/// nothing starts that the test did not) and, when asked, `gnome-keyring-daemon` on it with a
/// login keyring unlocked by `password`, its files in the test's folder. Both are killed
/// (SIGKILL) when the bus is dropped.
final class SecretServiceBus {
  static let keyringPassword = "login keyring password"

  /// `DBUS_SESSION_BUS_ADDRESS` of the bus.
  let address: String
  private let folder: TemporaryDirectory
  private var processes: [Process] = []
  private var keyringDaemon: Process?

  /// Starts the bus in `folder`, and gnome-keyring on it when `keyring`.
  init(in folder: TemporaryDirectory, keyring: Bool) throws {
    self.folder = folder
    let sockets = folder.path("bus")
    try FileManager.default.createDirectory(atPath: sockets, withIntermediateDirectories: true)
    let configuration = try folder.write(
      "bus.conf",
      """
      <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
       "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
      <busconfig>
        <type>session</type>
        <listen>unix:dir=\(sockets)</listen>
        <auth>EXTERNAL</auth>
        <policy context="default">
          <allow send_destination="*" eavesdrop="true"/>
          <allow eavesdrop="true"/>
          <allow own="*"/>
        </policy>
      </busconfig>
      """)
    let bus = Process()
    bus.executableURL = URL(fileURLWithPath: try Self.path("dbus-daemon"))
    bus.arguments = ["--config-file=\(configuration)", "--nofork", "--print-address=1"]
    bus.environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path("home")]
    let printed = Pipe()
    bus.standardOutput = printed
    bus.standardError = FileHandle.nullDevice
    try bus.run()
    processes.append(bus)
    address = printed.firstLine()
    guard address.hasPrefix("unix:") else { throw Failure("dbus-daemon printed no address") }
    if keyring { try startKeyring() }
  }

  deinit {
    for process in processes.reversed() where process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  /// What a program on this bus gets: the bus, and gnome-keyring's folders.
  var environment: [String: String] {
    [
      "DBUS_SESSION_BUS_ADDRESS": address, "HOME": folder.path("home"), "XDG_DATA_HOME": folder.path("data"),
      "XDG_CONFIG_HOME": folder.path("config"), "XDG_RUNTIME_DIR": folder.path("keyring-run"),
      "PATH": "/usr/bin:/bin",
    ]
  }

  private func startKeyring() throws {
    for name in ["home", "data", "config", "keyring-run"] {
      try FileManager.default.createDirectory(
        atPath: folder.path(name), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
    let daemon = Process()
    daemon.executableURL = URL(fileURLWithPath: try Self.path("gnome-keyring-daemon"))
    daemon.arguments = ["--unlock", "--components=secrets", "--foreground"]
    daemon.environment = environment
    let input = Pipe()
    daemon.standardInput = input
    daemon.standardOutput = FileHandle.nullDevice
    daemon.standardError = FileHandle.nullDevice
    try daemon.run()
    processes.append(daemon)
    keyringDaemon = daemon
    input.fileHandleForWriting.write(Data(Self.keyringPassword.utf8))
    try input.fileHandleForWriting.close()
    let owned = waitUntil(deadline: 20) {
      (try? self.send(
        "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner",
        ["string:org.freedesktop.secrets"]))?.contains("boolean true") == true
    }
    guard owned else { throw Failure("gnome-keyring-daemon did not take org.freedesktop.secrets") }
  }

  /// Locks the login collection, as the screen locker or `seahorse` would.
  func lockLogin() throws {
    _ = try send(
      "org.freedesktop.secrets", "/org/freedesktop/secrets", "org.freedesktop.Secret.Service.Lock",
      ["array:objpath:/org/freedesktop/secrets/collection/login"])
  }

  /// Stops gnome-keyring (SIGSTOP): it keeps its name on the bus and answers nothing, as a
  /// Secret Service that hangs would.
  func freezeKeyring() {
    if let keyringDaemon { kill(keyringDaemon.processIdentifier, SIGSTOP) }
  }

  /// Runs `secret-tool arguments…` on this bus, `stdin` as its standard input.
  func secretTool(_ arguments: [String], stdin: String? = nil) throws -> ProgramRun.Output {
    try ProgramRun.run(
      URL(fileURLWithPath: try Self.path("secret-tool")), arguments, environment: environment,
      stdin: stdin.map { Data($0.utf8) })
  }

  /// What `secret-tool search --all vault PATH` prints of the items for `vault` (it prints the
  /// attributes on standard error, the rest on standard output): empty when there is none.
  func items(vault: String) throws -> String {
    let run = try secretTool(["search", "--all", "vault", vault])
    return String(decoding: run.stdout + run.stderr, as: UTF8.self)
  }

  /// Calls a method with `dbus-send`; its printed reply.
  private func send(_ destination: String, _ path: String, _ method: String, _ arguments: [String]) throws
    -> String
  {
    let run = try ProgramRun.run(
      URL(fileURLWithPath: try Self.path("dbus-send")),
      ["--session", "--print-reply", "--dest=\(destination)", path, method] + arguments,
      environment: environment)
    guard run.status == 0 else {
      throw Failure("dbus-send \(method): \(String(decoding: run.stderr, as: UTF8.self))")
    }
    return String(decoding: run.stdout, as: UTF8.self)
  }

  private static func path(_ program: String) throws -> String {
    guard let path = OptionalDependency.program(program) else { throw Failure("no \(program) on PATH") }
    return path
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}
