import Domain
import Formats
import Infrastructure

/// What `code`, `add`, `import` and `pick` share with the desktop: the clipboard, the typing
/// tool, the screenshot tool, and their failures as exit statuses.
extension VaultCommands {
  /// Runs `body`, translating a desktop tool's failure (a vault's through `session.failure`).
  func desktop<Result>(_ body: () throws(DesktopError) -> Result) throws(CommandFailure) -> Result {
    do {
      return try body()
    } catch {
      throw failure(error)
    }
  }

  /// The contract's status and line for `error`.
  func failure(_ error: DesktopError) -> CommandFailure {
    switch error {
    case .toolMissing(let message), .toolFailed(let message), .nothingFound(let message): .failed(message)
    case .cancelled: .failed("cancelled: nothing was chosen")
    case .vault(let error): session.failure(error)
    }
  }

  /// The keyboard of the typing tool for this session.
  func typingTool() throws(DesktopError) -> Keyboard {
    try TypingProgram.find(variables: environment.variables).keyboard
  }

  /// The screen as `--from-screen` and `--whole-screen` ask for it.
  func screen() throws(DesktopError) -> ScreenCapture {
    try ScreenshotProgram.find(wholeScreen: arguments.has("whole-screen"), variables: environment.variables)
      .screen
  }

  /// The account of the one Key URI QR code on the screen, with `add`'s note, groups and favorite.
  func accountFromScreen() throws(CommandFailure) -> NewAccount {
    let fields = [
      "uri", "issuer", "name", "secret", "type", "algorithm", "digits", "period", "counter", "pin",
    ]
    if let given = fields.first(where: { arguments.value($0) != nil }) {
      throw .usage("give either --from-screen or --\(given), not both")
    }
    var new = try desktop { () throws(DesktopError) in
      try ScanKeyURI(screen: screen(), decoder: LibZBar().decoder)()
    }
    if let note = arguments.value("note") { new.note = note }
    if arguments.has("favorite") { new.favorite = true }
    new.groupNames = arguments.values["group"] ?? []
    return new
  }

  /// The import candidates of every QR code on the screen.
  func candidatesFromScreen() throws(CommandFailure) -> [ImportCandidate] {
    let picture = try desktop { () throws(DesktopError) in try screen().capture() }
    let file = ImportFile(name: "the screen", bytes: picture)
    do throws(ImportError) {
      return try QRImageImporter(decoder: LibZBar().decoder).candidates(
        from: file, password: .none)
    } catch .unrecognized {
      throw .failed("no QR code found on the screen")
    } catch {
      throw .failed("the screenshot cannot be read: \(error.description)")
    }
  }

  /// Puts `code` on the clipboard and has it cleared after `clipboardSeconds` (as `code --copy`).
  func copy(_ code: String) throws(CommandFailure) {
    do throws(SystemClipboard.Failure) {
      let clipboard = SystemClipboard(variables: environment.variables)
      let tool = try clipboard.copy(code)
      let seconds = environment.clipboardSeconds
      if clipboard.clearLater(code, by: ClipboardClearCommand.arguments(seconds: seconds)) {
        environment.standardError("copied to the clipboard with \(tool); cleared in \(seconds) s\n")
      } else {
        environment.standardError(
          "warning: copied to the clipboard with \(tool), but cannot clear it later: clear it yourself\n")
      }
    } catch {
      switch error {
      case .noTool: throw Self.noClipboard
      case .toolFailed(let reason): throw .failed("could not copy to the clipboard: \(reason)")
      }
    }
  }

  /// No clipboard tool is installed.
  static let noClipboard = CommandFailure.failed(
    "no clipboard tool found: install wl-clipboard (Wayland), xclip or xsel (X11)")
}
