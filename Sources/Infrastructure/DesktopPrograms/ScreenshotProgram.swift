import Domain

/// Takes a screenshot into memory: `grim` (with `slurp` to choose a region) under Wayland, `maim`
/// (`-s` to choose a region) under X11. The PNG comes from the tool's standard output and is
/// never written to a file.
public struct ScreenshotProgram: Sendable {
  /// How long taking the whole screen may take.
  public static let timeLimit: Double = 10
  /// How long choosing a region with the mouse may take.
  public static let selectionTimeLimit: Double = 60
  /// The largest picture read.
  public static let outputLimit = 64 << 20

  /// The region chooser (`slurp`) when there is one apart from the screenshot tool.
  let selector: String?
  /// The screenshot tool's path and arguments, before the region when `selector` gives one.
  let command: [String]
  /// Whether the person chooses a region (else the whole screen).
  let region: Bool

  /// The tool for the session `variables` describe; none installed is `.toolMissing`.
  public static func find(wholeScreen: Bool, variables: [String: String]) throws(DesktopError)
    -> ScreenshotProgram
  {
    let path = variables["PATH"]
    let session = GraphicalSession(variables: variables)
    let (wayland, x11) = (session.isWayland, session.isX11)
    if wayland, let grim = ChildProcess.find("grim", path: path) {
      if wholeScreen { return ScreenshotProgram(selector: nil, command: [grim], region: false) }
      if let slurp = ChildProcess.find("slurp", path: path) {
        return ScreenshotProgram(selector: slurp, command: [grim], region: true)
      }
    }
    if x11, let maim = ChildProcess.find("maim", path: path) {
      return ScreenshotProgram(
        selector: nil, command: [maim] + (wholeScreen ? [] : ["-s"]), region: !wholeScreen)
    }
    let hint =
      wayland
      ? (wholeScreen ? "install grim (Wayland)" : "install grim and slurp (Wayland)")
      : x11 ? "install maim (X11)" : "no graphical session found ($WAYLAND_DISPLAY, $DISPLAY)"
    throw .toolMissing("no screenshot tool found: \(hint)")
  }

  /// This tool as the port that gives a picture.
  public var screen: ScreenCapture {
    let program = self
    return ScreenCapture { () throws(DesktopError) in try program.capture() }
  }

  private func capture() throws(DesktopError) -> [UInt8] {
    var arguments = Array(command.dropFirst())
    if let selector {
      let chosen = try Self.run(selector, [], limit: 1 << 16, time: Self.selectionTimeLimit)
      let geometry = String(decoding: chosen, as: UTF8.self).split(separator: "\n").first.map(String.init)
      guard let geometry, !geometry.isEmpty else { throw .cancelled }
      arguments += ["-g", geometry]
    }
    let time = region && selector == nil ? Self.selectionTimeLimit : Self.timeLimit
    // grim writes to standard output when its file is "-"; maim does when given none.
    let toStandardOutput = POSIX.fileName(of: command[0]) == "grim" ? ["-"] : []
    return try Self.run(command[0], arguments + toStandardOutput, limit: Self.outputLimit, time: time)
  }

  private static func run(_ executable: String, _ arguments: [String], limit: Int, time: Double)
    throws(DesktopError)
    -> [UInt8]
  {
    let name = POSIX.fileName(of: executable)
    guard
      let run = ChildProcess.run(
        executable, arguments: arguments, input: nil, timeLimit: time, outputLimit: limit)
    else { throw .toolFailed("cannot start \(name)") }
    switch run.exit {
    case .status(0): return run.output
    case .status: throw .cancelled
    case .signalled: throw .toolFailed("\(name) \(run.exit.phrase(timeLimit: time))")
    case .timedOut: throw .toolFailed("\(name) did not finish within \(Int(time)) s")
    }
  }
}
