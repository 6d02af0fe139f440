import Foundation
import TestSupport

/// One real Syncthing device (Debian's `syncthing` 1.19) in a folder of its own: it listens on
/// ports the system picks (read back from its log), finds no device by itself (no announcements,
/// relays or NAT), and is driven through its REST API with `curl`. Stopped by `stop()` or when
/// dropped.
final class Syncthing: @unchecked Sendable {
  /// Its configuration and database folder (`--home`); its log is `syncthing.log` in it.
  let home: String
  /// Its device id (`myID`).
  private(set) var deviceID = ""
  /// The port of its GUI and REST API on 127.0.0.1.
  private(set) var apiPort = 0
  /// The port it accepts other devices on, on 127.0.0.1.
  private(set) var listenPort = 0
  private let apiKey: String
  private let process = Process()

  /// Writes a configuration into `home` and starts Syncthing on it; returns once its REST API
  /// answers with its device id (it makes its keys itself on the first start).
  init(home: String) throws {
    self.home = home
    apiKey = UUID().uuidString
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    try Self.configuration(apiKey: apiKey)
      .write(toFile: home + "/config.xml", atomically: true, encoding: .utf8)
    try start()
    do {
      try readPorts()
      deviceID = try request("GET", "/rest/system/status")["myID"] as? String ?? ""
      guard !deviceID.isEmpty else { throw Failure("no myID in /rest/system/status") }
    } catch {
      stop()
      throw error
    }
  }

  deinit { stop() }

  /// The log it has written so far.
  var log: String { (try? String(contentsOfFile: home + "/syncthing.log", encoding: .utf8)) ?? "" }

  /// Stops it: SIGTERM, and SIGKILL when it still runs after 10 s.
  func stop() {
    guard process.isRunning else { return }
    process.terminate()
    if !waitUntil(deadline: 10, condition: { !process.isRunning }) {
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
  }

  // MARK: Configuration through the REST API

  /// Adds `other` as a device it dials at its listening address.
  func add(_ other: Syncthing) throws {
    try request(
      "POST", "/rest/config/devices",
      body: [
        "deviceID": other.deviceID, "name": URL(fileURLWithPath: other.home).lastPathComponent,
        "addresses": ["tcp://127.0.0.1:\(other.listenPort)"],
      ])
  }

  /// Shares the folder at `path`, as `id`, with `other`: send and receive, scanned only when
  /// asked (`scan(_:)`), so nothing catches a file half made.
  func share(_ id: String, at path: String, with other: Syncthing) throws {
    try request(
      "POST", "/rest/config/folders",
      body: [
        "id": id, "label": id, "path": path, "type": "sendreceive", "rescanIntervalS": 3600,
        "fsWatcherEnabled": false, "devices": [["deviceID": deviceID], ["deviceID": other.deviceID]],
      ])
  }

  /// Stops talking to `other` (`/rest/system/pause`).
  func pause(_ other: Syncthing) throws {
    try request("POST", "/rest/system/pause?device=\(other.deviceID)")
  }

  /// Talks to `other` again (`/rest/system/resume`).
  func resume(_ other: Syncthing) throws {
    try request("POST", "/rest/system/resume?device=\(other.deviceID)")
  }

  /// Scans folder `id` now, so a change made on disk is offered to the other device.
  func scan(_ id: String) throws {
    try request("POST", "/rest/db/scan?folder=\(id)")
  }

  // MARK: State through the REST API

  /// Whether it is connected to `other` now.
  func isConnected(to other: Syncthing) throws -> Bool {
    let connections = try request("GET", "/rest/system/connections")["connections"] as? [String: Any]
    return (connections?[other.deviceID] as? [String: Any])?["connected"] as? Bool ?? false
  }

  /// Whether, as far as it knows, folder `id` is in sync with `other`: `other` has all it has
  /// (completion 100), it needs nothing itself, and it is idle.
  func isInSync(_ id: String, with other: Syncthing) throws -> Bool {
    let completion = try request("GET", "/rest/db/completion?folder=\(id)&device=\(other.deviceID)")
    let status = try request("GET", "/rest/db/status?folder=\(id)")
    return (completion["completion"] as? NSNumber)?.doubleValue == 100
      && (status["needTotalItems"] as? NSNumber)?.intValue == 0 && status["state"] as? String == "idle"
  }

  // MARK: Helpers

  /// An error with what went wrong.
  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  /// A minimal configuration (version 36, what 1.19 writes): GUI and listener on port 0 of the
  /// loopback, no discovery, relays, NAT, usage reports or upgrades, and a one-second reconnection
  /// interval so a resumed device is back at once (the default is 60 s).
  private static func configuration(apiKey: String) -> String {
    """
    <configuration version="36">
      <gui enabled="true" tls="false"><address>127.0.0.1:0</address><apikey>\(apiKey)</apikey></gui>
      <options>
        <listenAddress>tcp://127.0.0.1:0</listenAddress>
        <globalAnnounceEnabled>false</globalAnnounceEnabled>
        <localAnnounceEnabled>false</localAnnounceEnabled>
        <relaysEnabled>false</relaysEnabled>
        <natEnabled>false</natEnabled>
        <urAccepted>-1</urAccepted>
        <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
        <crashReportingEnabled>false</crashReportingEnabled>
        <startBrowser>false</startBrowser>
        <reconnectionIntervalS>1</reconnectionIntervalS>
        <setLowPriority>false</setLowPriority>
      </options>
    </configuration>
    """
  }

  /// Runs `syncthing serve` on `home`, its output into `syncthing.log`.
  private func start() throws {
    guard let program = OptionalDependency.program("syncthing") else { throw Failure("no syncthing on PATH") }
    let logPath = home + "/syncthing.log"
    _ = FileManager.default.createFile(atPath: logPath, contents: nil)
    guard let logFile = FileHandle(forWritingAtPath: logPath) else {
      throw Failure("cannot write \(logPath)")
    }
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = [
      "serve", "--home=\(home)", "--no-browser", "--no-restart", "--no-upgrade", "--no-default-folder",
    ]
    process.environment = [
      "PATH": "/usr/bin:/bin", "HOME": home, "STNODEFAULTFOLDER": "1", "STNOUPGRADE": "1",
    ]
    process.standardOutput = logFile
    process.standardError = logFile
    try process.run()
  }

  /// Reads the ports it was given from its log, waiting up to 60 s for both lines.
  private func readPorts() throws {
    let found = waitUntil(deadline: 60) {
      let log = self.log
      apiPort = Self.port(after: "GUI and API listening on 127.0.0.1:", in: log) ?? 0
      listenPort = Self.port(after: "TCP listener (127.0.0.1:", in: log) ?? 0
      return (apiPort != 0 && listenPort != 0) || !process.isRunning
    }
    guard found, process.isRunning else { throw Failure("syncthing gave no ports: \(log)") }
  }

  /// The number right after `prefix` in `text`.
  private static func port(after prefix: String, in text: String) -> Int? {
    guard let range = text.range(of: prefix) else { return nil }
    return Int(text[range.upperBound...].prefix { $0.isNumber })
  }

  /// Sends `method path` to the REST API with `body` as JSON; returns the JSON object it answers
  /// (empty for an empty answer). Throws on an HTTP error.
  @discardableResult
  private func request(_ method: String, _ path: String, body: [String: Any]? = nil) throws -> [String: Any] {
    guard let curl = OptionalDependency.program("curl") else { throw Failure("no curl on PATH") }
    var arguments = [
      "--silent", "--show-error", "--fail-with-body", "--max-time", "30", "-X", method, "-H",
      "X-API-Key: \(apiKey)",
    ]
    if let body {
      let json = try JSONSerialization.data(withJSONObject: body)
      arguments += [
        "-H", "Content-Type: application/json", "--data-binary", String(decoding: json, as: UTF8.self),
      ]
    }
    arguments.append("http://127.0.0.1:\(apiPort)\(path)")
    let (status, output, error) = try Self.run(curl, arguments)
    guard status == 0 else {
      throw Failure(
        "\(method) \(path): curl exited \(status): \(error) \(String(decoding: output, as: UTF8.self))")
    }
    guard !output.isEmpty else { return [:] }
    guard let object = try JSONSerialization.jsonObject(with: output) as? [String: Any] else {
      throw Failure("\(method) \(path) answered no JSON object: \(String(decoding: output, as: UTF8.self))")
    }
    return object
  }

  /// Runs `program arguments…` and returns its status, standard output and standard error.
  private static func run(_ program: String, _ arguments: [String]) throws -> (Int32, Data, String) {
    let run = try ProgramRun.run(URL(fileURLWithPath: program), arguments)
    return (run.status, run.stdout, String(decoding: run.stderr, as: UTF8.self))
  }
}
