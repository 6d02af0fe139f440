/// The result of parsing: the command and what was given to it, still as text.
public struct ParsedArguments: Sendable, Equatable {
  /// The command name, or nil when none was given.
  public var command: String?
  /// Values of options that take one, in order given.
  public var values: [String: [String]] = [:]
  /// Flags that were given.
  public var flags: Set<String> = []
  /// Positional arguments in order.
  public var positionals: [String] = []

  /// Creates an empty result for `command`.
  public init(command: String? = nil) {
    self.command = command
  }

  /// The last value given for `option`, if any.
  public func value(_ option: String) -> String? { values[option]?.last }

  /// Whether `flag` was given.
  public func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// A command line that does not fit the table: exit status 2 with this message.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// One line naming the problem.
  public let message: String

  /// Wraps a message.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}
