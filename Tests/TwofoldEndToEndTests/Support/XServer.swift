import Foundation
import TestSupport

/// An X server in memory (`Xvfb`) on a free display, and the programs a test shows on it; every
/// one is stopped when the server is dropped.
final class XServer {
  /// The display's name, as `$DISPLAY` holds it (`:93`).
  let display: String
  private var processes: [Process] = []

  /// Starts `Xvfb` on a display it chooses itself (`-displayfd`, so tests that run at once never
  /// race for one) and waits until it accepts connections.
  init() throws {
    let server = Process()
    server.executableURL = URL(fileURLWithPath: try Self.path("Xvfb"))
    server.arguments = ["-displayfd", "1", "-screen", "0", "800x600x24", "-nolisten", "tcp"]
    server.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
    let chosen = Pipe()
    server.standardOutput = chosen
    server.standardError = FileHandle.nullDevice
    try server.run()
    processes.append(server)
    let number = chosen.firstLine()
    guard !number.isEmpty, number.allSatisfy(\.isNumber) else {
      display = ""
      throw Failure(message: "Xvfb did not say which display it took")
    }
    display = ":" + number
    guard waitUntil(deadline: 10, condition: { self.output(of: "xdotool", ["getdisplaygeometry"]) != nil })
    else {
      throw Failure(message: "Xvfb did not start on \(display)")
    }
  }

  deinit { stop() }

  /// Stops every program started on the display, then the server: SIGTERM, and SIGKILL to what
  /// still runs after 2 s. Call it at the end of the test (`defer`), so the server outlives the
  /// test's last use of it.
  func stop() {
    for process in processes.reversed() where process.isRunning {
      process.terminate()
      if !waitUntil(deadline: 2, condition: { !process.isRunning }) {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
      }
    }
    processes = []
  }

  /// The path of `program` on `PATH`.
  static func path(_ program: String) throws -> String {
    guard let path = OptionalDependency.program(program) else { throw Failure(message: "no \(program)") }
    return path
  }

  /// Starts `program arguments…` on this display, quiet, stopped with the server.
  @discardableResult
  func start(_ program: String, _ arguments: [String], errorLog: FileHandle? = nil) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : try Self.path(program))
    process.arguments = arguments
    process.environment = ["DISPLAY": display, "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errorLog ?? FileHandle.nullDevice
    try process.run()
    processes.append(process)
    return process
  }

  /// Starts `program arguments…` and waits for its window of class `name`; starts it once more
  /// when it exited before showing one. Throws with what it printed on standard error.
  func startWindow(_ program: String, _ arguments: [String], class name: String) throws -> String {
    var errors: [String] = []
    for _ in 0..<2 {
      let log = NSTemporaryDirectory() + "xserver-\(UUID().uuidString).log"
      _ = FileManager.default.createFile(atPath: log, contents: nil)
      defer { try? FileManager.default.removeItem(atPath: log) }
      let process = try start(program, arguments, errorLog: FileHandle(forWritingAtPath: log))
      if let window = window(ofClass: name) { return window }
      let printed = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      errors.append(
        process.isRunning
          ? "running, no window; \(printed)" : "exited \(process.terminationStatus); \(printed)")
      if process.isRunning { break }
    }
    throw Failure(message: "no \(name) window on \(display): \(errors.joined(separator: " | "))")
  }

  /// What `program arguments…` prints on this display when it succeeds, else nil.
  func output(of program: String, _ arguments: [String]) -> String? {
    let process = Process()
    guard let path = try? Self.path(program) else { return nil }
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = ["DISPLAY": display, "PATH": "/usr/bin:/bin"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
  }

  /// The id of the first visible window of class `name`, waiting up to 30 s for it (a program
  /// starting on a loaded 2-core machine, beside the rest of the suite, can take that long).
  func window(ofClass name: String) -> String? {
    var found: String?
    _ = waitUntil(deadline: 30) {
      found = self.output(of: "xdotool", ["search", "--onlyvisible", "--class", name])?
        .split(separator: "\n").first.map(String.init)
      return found != nil
    }
    return found
  }

  struct Failure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
  }
}
