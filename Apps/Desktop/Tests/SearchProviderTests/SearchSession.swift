import Foundation
import TestSupport

/// One private desktop for the search provider: an X server in memory (for the clipboard), a
/// session bus of its own whose service folder holds the packaged D-Bus service file pointing at
/// the built provider, a notification server recording what it is shown, and the vault and agent
/// folder of `twofold`. Every process it started is killed (SIGKILL) when it is dropped.
final class SearchSession: @unchecked Sendable {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  static let password = "search test password"
  static let clipboardSeconds = 4
  static let idleSeconds = 5

  let folder: TemporaryDirectory
  let vault: String
  private(set) var display: String
  private(set) var address: String
  let notifications: String
  private(set) var environment: [String: String]
  private var processes: [Process] = []

  /// The folder of the built products (this test bundle sits beside them).
  static var products: URL {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
  }

  static var provider: String { products.appendingPathComponent("twofold-search-provider").path }

  /// The packaged service file (Packaging/desktop), as installed but for its `Exec=`.
  static var serviceFile: String {
    get throws {
      let packaging = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Packaging/desktop/io.github.twofold.Twofold.SearchProvider.service")
      return try String(contentsOf: packaging, encoding: .utf8)
    }
  }

  /// A session; with `otherUsers`, its bus also admits other users than the test's (a session
  /// bus never does), and its folder lets them reach the bus's socket. With `providerPath`, the
  /// bus (and so the provider it starts) has that `PATH` instead of the session's (a folder of
  /// the session's); with `wayland`, it names a Wayland display too (`WAYLAND_DISPLAY`).
  init(otherUsers: Bool = false, providerPath: String? = nil, wayland: Bool = false) throws {
    folder = try TemporaryDirectory()
    if otherUsers { chmod(folder.url.path, 0o755) }
    vault = folder.path("vault.json")
    let runtime = folder.path("run")
    try FileManager.default.createDirectory(
      atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    notifications = folder.path("notifications.txt")
    _ = FileManager.default.createFile(atPath: notifications, contents: nil)
    environment = [
      "PATH": "/usr/bin:/bin", "HOME": folder.url.path, "TWOFOLD_VAULT": vault, "XDG_RUNTIME_DIR": runtime,
      "TWOFOLD_AGENT": "on", "XDG_STATE_HOME": folder.path("state"),
      "TWOFOLD_CLIPBOARD_SECONDS": String(Self.clipboardSeconds),
      "TWOFOLD_SEARCH_IDLE_SECONDS": String(Self.idleSeconds), "GSK_RENDERER": "cairo", "LANG": "C.UTF-8",
    ]
    display = ""
    address = ""
    display = try startDisplay()
    environment["DISPLAY"] = display
    var busVariables: [String: String] = [:]
    if let providerPath { busVariables["PATH"] = folder.path(providerPath) }
    if wayland { busVariables["WAYLAND_DISPLAY"] = "wayland-twofold-test" }
    address = try startBus(otherUsers: otherUsers, variables: busVariables)
    environment["DBUS_SESSION_BUS_ADDRESS"] = address
    try startNotificationServer()
  }

  deinit {
    stopAgent()
    for process in processes.reversed() where process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  /// Starts `executable arguments…` with the session's environment; its first line of standard
  /// output, read to its end, is returned (the display's number, the bus's address, "ready").
  private func startReading(
    _ executable: String, _ arguments: [String], variables: [String: String] = [:]
  ) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment.merging(variables) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    processes.append(process)
    var printed = Data()
    while !printed.contains(UInt8(ascii: "\n")) {
      let more = output.fileHandleForReading.availableData
      guard !more.isEmpty else { break }
      printed.append(more)
    }
    let line = String(decoding: printed, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    guard !line.isEmpty else { throw Failure(description: "\(executable) printed nothing and ended") }
    return line
  }

  /// Xvfb on a display it chooses (`-displayfd`: it prints the number once it accepts clients).
  private func startDisplay() throws -> String {
    let number = try startReading(
      try Self.path("Xvfb"), ["-displayfd", "1", "-screen", "0", "800x600x24", "-nolisten", "tcp"])
    guard number.allSatisfy(\.isNumber) else { throw Failure(description: "Xvfb printed '\(number)'") }
    return ":" + number
  }

  /// A session bus of its own whose only service folder holds the packaged service file, its
  /// `Exec=` the built provider; it prints its address once it listens.
  private func startBus(otherUsers: Bool, variables: [String: String]) throws -> String {
    let services = folder.path("services")
    try FileManager.default.createDirectory(atPath: services, withIntermediateDirectories: true)
    let service = try Self.serviceFile.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasPrefix("Exec=") ? "Exec=\(Self.provider)" : String($0) }.joined(separator: "\n")
    try folder.write("services/io.github.twofold.Twofold.SearchProvider.service", service)
    let configuration = try folder.write(
      "bus.conf",
      """
      <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
       "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
      <busconfig>
        <type>session</type>
        <listen>unix:dir=\(folder.url.path)</listen>
        <auth>EXTERNAL</auth>
        <servicedir>\(services)</servicedir>
        <policy context="default">
          <allow send_destination="*" eavesdrop="true"/>
          <allow eavesdrop="true"/>
          <allow own="*"/>\(otherUsers ? "\n    <allow user=\"*\"/>" : "")
        </policy>
      </busconfig>
      """)
    return try startReading(
      try Self.path("dbus-daemon"), ["--config-file=\(configuration)", "--nofork", "--print-address=1"],
      variables: variables)
  }

  /// A notification server (python3 and GIO) that writes each notification's summary and body
  /// to `notifications`, one line each.
  private func startNotificationServer() throws {
    let script = try folder.write(
      "notifications.py",
      """
      import sys
      from gi.repository import Gio, GLib
      XML = '''<node><interface name="org.freedesktop.Notifications"><method name="Notify">
        <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
        <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
        <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/><arg type="u" direction="out"/>
      </method></interface></node>'''
      log = open(sys.argv[1], 'a')
      def call(connection, sender, path, interface, method, parameters, invocation):
          values = parameters.unpack()
          log.write(values[3] + '\\n' + values[4] + '\\n')
          log.flush()
          invocation.return_value(GLib.Variant('(u)', (1,)))
      bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
      bus.register_object('/org/freedesktop/Notifications', Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0], call)
      bus.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus', 'RequestName',
                    GLib.Variant('(su)', ('org.freedesktop.Notifications', 4)), GLib.VariantType('(u)'), 0, -1, None)
      print('ready', flush=True)
      GLib.MainLoop().run()
      """)
    _ = try startReading("/usr/bin/python3", [script, notifications])
  }

  /// The path of `program` on `PATH`.
  static func path(_ program: String) throws -> String {
    guard let path = OptionalDependency.program(program) else { throw Failure(description: "no \(program)") }
    return path
  }

  /// Runs `twofold arguments…` (the binary built beside the tests) in this session.
  @discardableResult
  func twofold(_ arguments: [String]) throws -> TwofoldProcess.Output {
    try TwofoldProcess.run(arguments, environment: environment)
  }

  /// An encrypted vault: GitHub:octocat (TOTP), Zürich Bank:alice (TOTP, a favorite) and Acme:ops
  /// (HOTP, RFC 4226's secret: 755224, then 287082); their ids by label.
  func makeVault() throws -> [String: String] {
    let passwordFile = try folder.write("password", Self.password + "\n")
    var ids: [String: String] = [:]
    try check(twofold(["init", "--password-file", passwordFile]))
    for uri in [
      "otpauth://totp/GitHub:octocat?secret=JBSWY3DPEHPK3PXP&issuer=GitHub",
      "otpauth://totp/Z%C3%BCrich%20Bank:alice?secret=KRSXG5CTMVRXEZLU&issuer=Z%C3%BCrich%20Bank",
      "otpauth://hotp/Acme:ops?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&counter=0&issuer=Acme",
    ] {
      let added = try check(twofold(["add", "--uri", uri, "--password-file", passwordFile]))
      // "added LABEL (ID)"
      let line = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
      guard let open = line.lastIndex(of: "("), line.hasPrefix("added ") else {
        throw Failure(description: "add printed '\(line)'")
      }
      let label = String(line[line.index(line.startIndex, offsetBy: 6)..<open]).trimmingCharacters(
        in: .whitespaces)
      ids[label] = String(line[line.index(after: open)...].dropLast())
    }
    try check(twofold(["edit", "Zürich Bank:alice", "--favorite", "--password-file", passwordFile]))
    return ids
  }

  /// Imports the usual test pack and writes its icons into the vault: GitHub's an SVG, Zürich
  /// Bank's a PNG.
  func applyIcons() throws {
    let pack = folder.path("pack.zip")
    try Data(try IconPackFixture.zip(IconPackFixture.members())).write(to: URL(fileURLWithPath: pack))
    try check(twofold(["icons", "import", pack]))
    try check(twofold(["icons", "apply", "--password-file", folder.path("password")]))
  }

  /// Hands the vault's key to an agent (started in this session's runtime folder).
  func unlock() throws {
    try check(twofold(["unlock", "--password-file", folder.path("password")]))
  }

  /// `status --json` of this session's agent.
  private func agentStatus() -> [String: Any] {
    guard let output = try? twofold(["status", "--json"]) else { return [:] }
    return (try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]) ?? [:]
  }

  /// Whether an agent runs in this session's runtime folder.
  func agentRuns() -> Bool { agentStatus()["agent"] as? Bool ?? false }

  /// Kills the agent of this session, if one runs, and waits until it is gone.
  func stopAgent() {
    guard let pid = (agentStatus()["pid"] as? NSNumber)?.int32Value else { return }
    kill(pid, SIGKILL)
    _ = wait(seconds: 10) { kill(pid, 0) != 0 || Self.isZombie(pid) }
  }

  static func isZombie(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return true }
    return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
  }

  @discardableResult
  func check(_ output: TwofoldProcess.Output) throws -> TwofoldProcess.Output {
    guard output.status == 0 else { throw Failure(description: "twofold failed: \(output.stderr)") }
    return output
  }

  /// What `gdbus call` printed, or its error.
  struct Reply {
    let status: Int32
    let output: String
    let error: String
  }

  /// Who calls the provider: a process owning one of the shells' names (as GNOME Shell and
  /// KRunner do), or a plain peer of the bus (`gdbus`, as any app can).
  enum Caller {
    case gnomeShell, krunner, plain

    /// The well-known name the caller owns while it calls.
    var name: String? {
      switch self {
      case .gnomeShell: "org.gnome.Shell"
      case .krunner: "org.kde.krunner"
      case .plain: nil
      }
    }
  }

  /// Calls `interface.method` on `path` of the provider, activating it when needed, as the shell
  /// of that path (GNOME Shell's object: `org.gnome.Shell`; KRunner's: `org.kde.krunner`).
  func call(_ path: String, _ method: String, _ arguments: String...) throws -> Reply {
    try call(path, method, arguments)
  }

  /// `call` with the arguments as an array; as `caller` when given, else as the path's shell; as
  /// the user `uid` (through setpriv) when given. The reply is printed as `gdbus call` prints it.
  func call(
    _ path: String, _ method: String, _ arguments: [String], as caller: Caller? = nil, uid: UInt32? = nil
  ) throws -> Reply {
    let caller = caller ?? (path == "/runner" ? .krunner : .gnomeShell)
    let command: [String]
    if let name = caller.name {
      command = ["/usr/bin/python3", try shellScript(), name, path, method] + arguments
    } else {
      command =
        [
          try Self.path("gdbus"), "call", "--session", "--dest", "io.github.twofold.Twofold.SearchProvider",
          "--object-path", path, "--method", method,
        ] + arguments
    }
    let run = try ProgramRun.run(
      URL(fileURLWithPath: uid == nil ? command[0] : "/usr/bin/setpriv"),
      (uid.map { ["--reuid=\($0)", "--regid=\($0)", "--clear-groups", command[0]] } ?? [])
        + Array(command.dropFirst()), environment: environment)
    return Reply(
      status: run.status,
      output: String(decoding: run.stdout, as: UTF8.self).trimmingCharacters(in: .newlines),
      error: String(decoding: run.stderr, as: UTF8.self))
  }

  /// A stand-in shell (python3 and GIO): it owns the name it is given on the session bus (taking
  /// it from the stand-in before, which lets it go), calls the provider with the arguments
  /// parsed as GVariant text by the method's signature, and prints the reply as `gdbus` does.
  private func shellScript() throws -> String {
    let path = folder.path("shell.py")
    if FileManager.default.fileExists(atPath: path) { return path }
    return try folder.write(
      "shell.py",
      """
      import sys
      from gi.repository import Gio, GLib
      SIGNATURES = {'GetInitialResultSet': 'as', 'GetSubsearchResultSet': 'as as', 'GetResultMetas': 'as',
                    'ActivateResult': 's as u', 'LaunchSearch': 'as u', 'Match': 's', 'Run': 's s', 'Actions': '',
                    'Nothing': ''}
      name, path, method = sys.argv[1:4]
      interface, _, member = method.rpartition('.')
      bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
      owned = bus.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus', 'RequestName',
                            GLib.Variant('(su)', (name, 3)), GLib.VariantType('(u)'), 0, -1, None)
      if owned.unpack()[0] != 1:
          sys.exit('cannot own ' + name)
      types = SIGNATURES[member].split()
      values = [GLib.Variant('s', text) if kind == 's' else GLib.Variant.parse(GLib.VariantType(kind), text, None, None)
                for kind, text in zip(types, sys.argv[4:])]
      try:
          reply = bus.call_sync('io.github.twofold.Twofold.SearchProvider', path, interface, member,
                                GLib.Variant.new_tuple(*values), None, 0, -1, None)
      except GLib.Error as error:
          sys.exit(error.message)
      print(reply.print_(True))
      """)
  }

  /// Whether the provider's bus name has an owner now.
  func providerRuns() throws -> Bool {
    let run = try ProgramRun.run(
      URL(fileURLWithPath: try Self.path("gdbus")),
      [
        "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
        "--method", "org.freedesktop.DBus.NameHasOwner", "io.github.twofold.Twofold.SearchProvider",
      ], environment: environment)
    return String(decoding: run.stdout, as: UTF8.self).contains("true")
  }

  /// The clipboard's text (xsel), or nil when it holds none.
  func clipboard() throws -> String? {
    let run = try ProgramRun.run(
      URL(fileURLWithPath: try Self.path("xsel")), ["--clipboard", "--output"], environment: environment)
    let text = String(decoding: run.stdout, as: UTF8.self)
    return run.status == 0 && !text.isEmpty ? text : nil
  }

  /// Copies `text` with xsel, as a person copying something else does. (Through python3, whose
  /// subprocess closes every other descriptor: xsel's server, which stays behind, would
  /// otherwise hold the one Foundation watches for the end of the program it started.)
  func copyAsPerson(_ text: String) throws {
    let script = """
      import subprocess, sys
      subprocess.run([sys.argv[1], '--clipboard', '--input'], input=sys.argv[2].encode(), check=True,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
      """
    let run = try ProgramRun.run(
      URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, try Self.path("xsel"), text],
      environment: environment)
    guard run.status == 0 else { throw Failure(description: "xsel could not copy") }
  }

  /// The process id of the provider now on the bus, or nil.
  func providerPID() throws -> Int32? {
    let run = try ProgramRun.run(
      URL(fileURLWithPath: try Self.path("gdbus")),
      [
        "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
        "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID",
        "io.github.twofold.Twofold.SearchProvider",
      ], environment: environment)
    // "(uint32 1234,)"
    let words = String(decoding: run.stdout, as: UTF8.self).split { $0 == " " || $0 == "," }
    guard run.status == 0, words.count > 1, let pid = Int32(words[1]), kill(pid, 0) == 0 else { return nil }
    return pid
  }

  /// The children of `pid`, each with its state (`Z`: exited and not waited for).
  static func children(of pid: Int32) -> [Int32: String] {
    let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { Int32($0) } ?? []
    var children: [Int32: String] = [:]
    for child in pids {
      guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { continue }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      if fields.count > 1 && Int32(fields[1]) == pid { children[child] = String(fields[0]) }
    }
    return children
  }

  /// The notifications shown so far, each "summary | body".
  func shownNotifications() -> [String] {
    let lines = ((try? String(contentsOfFile: notifications, encoding: .utf8)) ?? "").split(separator: "\n")
    return stride(from: 0, to: lines.count - 1, by: 2).map { "\(lines[$0]) | \(lines[$0 + 1])" }
  }

  /// The processes whose command line is exactly `arguments` (after the program).
  static func processes(runningArguments arguments: [String]) -> [Int32] {
    let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { Int32($0) } ?? []
    return pids.filter { pid in
      guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
      let words = data.split(separator: 0, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
      return Array(words.dropFirst().prefix(arguments.count)) == arguments && !isZombie(pid)
    }
  }

  /// Polls every 50 ms until `condition` holds or `seconds` pass; whether it held.
  func wait(seconds: Double, until condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while try !condition() {
      guard Date() < deadline else { return false }
      usleep(50_000)
    }
    return true
  }
}
