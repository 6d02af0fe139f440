import Infrastructure

/// The hidden command `code --copy` leaves running in the background, as `pass -c` does: it reads
/// the copied code on standard input, sleeps, and clears the clipboard if the code is still there.
/// It is not in the command table, so help never lists it.
struct ClipboardClearCommand {
  /// The command's name: `twofold internal-clear-clipboard SECONDS`.
  static let name = "internal-clear-clipboard"

  let environment: Environment

  /// The arguments that start it for a code that should stay `seconds` on the clipboard.
  static func arguments(seconds: Int) -> [String] { [name, String(seconds)] }

  /// Whether `arguments` (without the program name) start this command.
  static func matches(_ arguments: [String]) -> Bool {
    arguments.count == 2 && arguments[0] == name
  }

  /// Waits and clears; a malformed lifetime clears nothing.
  func run(_ arguments: [String]) -> ExitStatus {
    guard let seconds = Environment.clipboardSeconds(arguments[1]) else { return .usage }
    SystemClipboard(variables: environment.variables).clearStandardInput(after: seconds)
    return .success
  }
}
