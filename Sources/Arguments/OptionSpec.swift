/// One `--name [VALUE]` option in a command table.
public struct OptionSpec: Sendable, Equatable {
  /// The long name without dashes (`vault` for `--vault`).
  public let name: String
  /// The value's placeholder in help (`PATH`); nil for a flag that takes no value.
  public let value: String?
  /// One line of help.
  public let help: String
  /// Whether the option may be given more than once (values accumulate).
  public let repeatable: Bool
  /// What a shell offers for the value.
  public let completion: ValueCompletion

  /// An option that takes a value.
  public static func value(
    _ name: String, _ placeholder: String, _ help: String, repeatable: Bool = false,
    completion: ValueCompletion = .none
  ) -> OptionSpec {
    OptionSpec(name: name, value: placeholder, help: help, repeatable: repeatable, completion: completion)
  }

  /// A flag without a value.
  public static func flag(_ name: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, value: nil, help: help, repeatable: false, completion: .none)
  }

  var synopsis: String { value.map { "--\(name) \($0)" } ?? "--\(name)" }
}

/// One positional argument in a command table.
public struct PositionalSpec: Sendable, Equatable {
  /// Placeholder shown in help (`QUERY`).
  public let name: String
  /// One line of help.
  public let help: String
  /// Whether it may be left out.
  public let optional: Bool
  /// Whether it takes every remaining argument.
  public let variadic: Bool
  /// What a shell offers for it.
  public let completion: ValueCompletion

  /// Describes a positional argument.
  public init(
    _ name: String, _ help: String, optional: Bool = false, variadic: Bool = false,
    completion: ValueCompletion = .none
  ) {
    self.name = name
    self.help = help
    self.optional = optional
    self.variadic = variadic
    self.completion = completion
  }

  var synopsis: String {
    let base = variadic ? "\(name)…" : name
    return optional ? "[\(base)]" : base
  }
}

/// A subcommand: its name, what it does, and what it accepts.
public struct CommandSpec: Sendable, Equatable {
  /// The word typed after the program name.
  public let name: String
  /// One line for the command list.
  public let summary: String
  /// Positional arguments in order.
  public let positionals: [PositionalSpec]
  /// Options specific to the command.
  public let options: [OptionSpec]
  /// Optional extra paragraphs for `help CMD`.
  public let discussion: String?

  /// Describes a command.
  public init(
    _ name: String, _ summary: String, positionals: [PositionalSpec] = [], options: [OptionSpec] = [],
    discussion: String? = nil
  ) {
    self.name = name
    self.summary = summary
    self.positionals = positionals
    self.options = options
    self.discussion = discussion
  }
}
