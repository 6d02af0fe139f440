/// What a shell offers for an option's value or a positional argument (`completions`).
public enum ValueCompletion: Sendable, Equatable {
  /// Nothing: the value is typed (a code, a number).
  case none
  /// File and folder names.
  case file
  /// One of these words.
  case values([String])
  /// The name of one of the table's commands (`help COMMAND`).
  case command
  /// The lines a command prints when the shell asks (account names from a vault).
  case dynamic(DynamicCompletion)
}

/// A command the completion script runs to find candidates: standard input from `/dev/null`,
/// standard error discarded, its output turned into one candidate per line by `sed`.
public struct DynamicCompletion: Sendable, Equatable {
  /// The command's words, `env` assignments first (`env NAME=value program arguments…`); none
  /// is quoted by the shell, so each must be a plain word.
  public let words: [String]
  /// Options whose values on the line being completed are passed on (`--vault PATH`).
  public let forwarding: [String]
  /// A `sed -n -E` script turning the output into candidates; it contains no `'`.
  public let sed: String

  /// Describes a dynamic completion.
  public init(words: [String], forwarding: [String] = [], sed: String) {
    self.words = words
    self.forwarding = forwarding
    self.sed = sed
  }
}
