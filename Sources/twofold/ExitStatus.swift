/// The exit statuses of the command-line contract (`CLI.md`).
enum ExitStatus: Int32 {
  /// Done.
  case success = 0
  /// The operation failed: wrong password, damaged or locked vault, invalid code.
  case failure = 1
  /// The command line is wrong.
  case usage = 2
  /// QUERY matched no account or several.
  case noMatch = 3
}

/// A command that cannot complete: its exit status and the one line for standard error.
struct CommandFailure: Error, Equatable {
  /// The exit status.
  var status: ExitStatus
  /// One line saying what went wrong and, where there is one, what to do.
  var message: String
  /// Lines printed after the message (an ambiguous query's candidates).
  var details: [String] = []

  /// A wrong command line (status 2).
  static func usage(_ message: String) -> CommandFailure { CommandFailure(status: .usage, message: message) }
  /// A failed operation (status 1).
  static func failed(_ message: String) -> CommandFailure {
    CommandFailure(status: .failure, message: message)
  }
}
