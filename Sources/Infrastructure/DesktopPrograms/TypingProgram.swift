import Crypto
import Domain

/// A program that types text into the focused window: `wtype` under Wayland, `xdotool` under
/// X11, `ydotool` (any session, through its daemon) last. The text goes on its standard input,
/// so it never shows in the list of processes.
public struct TypingProgram: Sendable {
  /// How long one typing may take.
  public static let timeLimit: Double = 10
  /// Milliseconds waited before typing, so the window of the menu just closed is gone and the
  /// focus back where it was (`$TWOFOLD_TYPE_DELAY_MS` changes it).
  public static let defaultDelay = 200

  /// The program's path and its arguments (the text comes on standard input).
  public let command: [String]
  /// Milliseconds waited before typing.
  public let delay: Int

  /// The tool for the session `variables` describe (`WAYLAND_DISPLAY`, `DISPLAY`, `PATH`); none
  /// installed is `.toolMissing` naming what to install for that session.
  public static func find(variables: [String: String]) throws(DesktopError) -> TypingProgram {
    let path = variables["PATH"]
    let session = GraphicalSession(variables: variables)
    let (wayland, x11) = (session.isWayland, session.isX11)
    var candidates: [[String]] = []
    // `-s 100`: wtype waits after setting up its virtual keyboard, or GTK 3 applications may
    // lose the first character (wtype issue 46; 7 of 88 runs in a real sway, none of 82 with it).
    if wayland { candidates.append(["wtype", "-s", "100", "-"]) }
    if x11 { candidates.append(["xdotool", "type", "--delay", "20", "--clearmodifiers", "--file", "-"]) }
    candidates.append(["ydotool", "type", "--file", "-"])
    let delay = variables["TWOFOLD_TYPE_DELAY_MS"].flatMap { Int($0) }.map { min(max($0, 0), 10_000) }
    for candidate in candidates {
      if let program = ChildProcess.find(candidate[0], path: path) {
        return TypingProgram(command: [program] + candidate.dropFirst(), delay: delay ?? defaultDelay)
      }
    }
    let hint =
      wayland
      ? "install wtype (Wayland) or ydotool"
      : x11
        ? "install xdotool (X11) or ydotool"
        : "no graphical session found ($WAYLAND_DISPLAY, $DISPLAY): install ydotool"
    throw .toolMissing("no typing tool found: \(hint)")
  }

  /// This tool as the port that types a code.
  public var keyboard: Keyboard {
    let command = command
    let delay = delay
    return Keyboard { (text) throws(DesktopError) in
      POSIX.sleep(milliseconds: delay)
      var input = Array(text.utf8)
      defer { wipe(&input) }
      let name = POSIX.fileName(of: command[0])
      guard
        let run = ChildProcess.run(
          command[0], arguments: Array(command.dropFirst()), input: input, timeLimit: Self.timeLimit,
          outputLimit: 1 << 16)
      else { throw .toolFailed("cannot start \(name)") }
      switch run.exit {
      case .status(0): return
      case .status(let status): throw .toolFailed("\(name) failed (status \(status))")
      case .signalled: throw .toolFailed("\(name) \(run.exit.phrase(timeLimit: Self.timeLimit))")
      case .timedOut: throw .toolFailed("\(name) did not finish within \(Int(Self.timeLimit)) s")
      }
    }
  }
}
