import Domain

/// A dmenu-protocol menu program (fuzzel, wofi, bemenu, rofi, dmenu, or one named by the person):
/// it reads one line per entry on its standard input and prints the chosen one.
public struct DmenuProgram: Sendable {
  /// How long a menu may stay open before it is closed as cancelled.
  public static let timeLimit: Double = 600

  /// The program's path and its arguments.
  public let command: [String]

  /// The menu `words` name (`--menu` or `$TWOFOLD_MENU`, already split into words), else the first
  /// installed of `fuzzel --dmenu`, `wofi --dmenu`, `bemenu` (tried first under Wayland), `rofi
  /// -dmenu -show-icons`, `dmenu`.
  public static func find(_ words: [String]?, variables: [String: String]) throws(DesktopError)
    -> DmenuProgram
  {
    let path = variables["PATH"]
    if let words {
      guard let name = words.first else { throw .toolMissing("the menu command is empty") }
      guard let program = ChildProcess.find(name, path: path) else {
        throw .toolMissing("the menu program '\(name)' is not installed (or not on PATH)")
      }
      return DmenuProgram(command: [program] + words.dropFirst())
    }
    let wayland = [["fuzzel", "--dmenu"], ["wofi", "--dmenu"], ["bemenu"]]
    let x11 = [["rofi", "-dmenu", "-show-icons"], ["dmenu"]]
    let candidates = GraphicalSession(variables: variables).isWayland ? wayland + x11 : x11 + wayland
    for candidate in candidates {
      if let program = ChildProcess.find(candidate[0], path: path) {
        return DmenuProgram(command: [program] + candidate.dropFirst())
      }
    }
    throw .toolMissing(
      "no menu program found: install fuzzel, wofi or bemenu (Wayland), rofi or dmenu (X11), "
        + "or name one with --menu COMMAND or $TWOFOLD_MENU")
  }

  /// The menus that show an icon given after a line's text as `\0icon\x1fPATH`.
  public static let iconMenus: Set<String> = ["rofi", "fuzzel"]

  /// Whether this menu shows icons: rofi or fuzzel.
  public var showsIcons: Bool { Self.iconMenus.contains(POSIX.fileName(of: command[0])) }

  /// This menu as the port `pick` uses: the lines go in, the first line printed comes back;
  /// printing nothing, a status other than 0 or a time-out is a cancel; a crash is a failure.
  public var picker: AccountPicker { picker(icons: nil) }

  /// This menu as the port `pick` uses, as `picker`; when it shows icons (`showsIcons`) each line
  /// whose account has an icon gets `\0icon\x1fPATH`, the icon's file in `icons`.
  public func picker(icons: MenuIconCache?) -> AccountPicker {
    let command = command
    let icons = showsIcons ? icons : nil
    return AccountPicker { (lines: [MenuLine]) throws(DesktopError) in
      let input = Array(lines.map { Self.entry($0, icons: icons) + "\n" }.joined().utf8)
      guard
        let run = ChildProcess.run(
          command[0], arguments: Array(command.dropFirst()), input: input, timeLimit: Self.timeLimit,
          outputLimit: 1 << 20)
      else { throw .toolFailed("cannot start the menu \(POSIX.fileName(of: command[0]))") }
      if case .signalled = run.exit {
        // A menu that crashed (bemenu 0.6.14 in a headless sway) is not a person who cancelled.
        throw .toolFailed(
          "the menu program '\(POSIX.fileName(of: command[0]))' \(run.exit.phrase(timeLimit: Self.timeLimit))"
        )
      }
      guard run.exit == .status(0) else { return nil }
      let text = String(decoding: run.output, as: UTF8.self)
      let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(
        String.init)
      return line?.isEmpty == false ? line : nil
    }
  }

  /// What the menu reads for `line`: its text, and `\0icon\x1fPATH` when it has an icon whose
  /// file is in `icons`.
  static func entry(_ line: MenuLine, icons: MenuIconCache?) -> String {
    guard let icons, let icon = line.icon, let path = icons.path(of: icon) else { return line.text }
    return line.text + "\0icon\u{1f}" + path
  }
}
