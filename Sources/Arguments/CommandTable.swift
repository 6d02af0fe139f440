/// The whole command-line surface as data: parsing and help are both generated from it.
public struct CommandTable: Sendable {
  /// The program's name in help (`twofold`).
  public let program: String
  /// One line shown at the top of the overview.
  public let abstract: String
  /// Options accepted before or after any command.
  public let globalOptions: [OptionSpec]
  /// The commands, in the order help lists them.
  public let commands: [CommandSpec]

  /// Describes a program.
  public init(program: String, abstract: String, globalOptions: [OptionSpec], commands: [CommandSpec]) {
    self.program = program
    self.abstract = abstract
    self.globalOptions = globalOptions
    self.commands = commands
  }

  /// The command called `name`.
  public func command(named name: String) -> CommandSpec? {
    commands.first { $0.name == name }
  }

  /// Splits `arguments` (without the program name) into command, options and positionals.
  /// Options may stand before or after the command; `--name=value` and `--name value` are the
  /// same; `--` ends the options.
  public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    var result = ParsedArguments()
    var spec: CommandSpec?
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if !optionsEnded && argument == "--" {
        optionsEnded = true
        continue
      }
      if !optionsEnded && argument.hasPrefix("-") && argument != "-" {
        let (name, inline) = Self.split(argument)
        // Before the command is known, a command's own option is taken on trust and checked
        // once the command is read.
        let options = globalOptions + (spec?.options ?? commands.flatMap(\.options))
        let named = options.filter { $0.name == name }
        guard let first = named.first else {
          let context = spec.map { " for '\($0.name)'" } ?? ""
          throw UsageError("unknown option '\(argument.prefix { $0 != "=" })'\(context)")
        }
        let option =
          named.count > 1 && spec == nil
          ? resolve(named, inline: inline, next: arguments[index...].first) : first
        if option.value == nil {
          guard inline == nil else { throw UsageError("option '--\(name)' takes no value") }
          guard result.flags.insert(name).inserted else {
            throw UsageError("option '--\(name)' was given more than once")
          }
          continue
        }
        let value: String
        if let inline {
          value = inline
        } else {
          guard index < arguments.count else { throw UsageError("option '--\(name)' needs a value") }
          value = arguments[index]
          index += 1
        }
        if !option.repeatable, result.values[name] != nil {
          throw UsageError("option '--\(name)' was given more than once")
        }
        result.values[name, default: []].append(value)
        continue
      }
      if spec == nil && result.command == nil {
        guard let command = command(named: argument) else {
          throw UsageError("unknown command '\(argument)': see '\(program) --help'")
        }
        spec = command
        result.command = command.name
        continue
      }
      result.positionals.append(argument)
    }
    if let spec {
      let known = Set((globalOptions + spec.options).map(\.name))
      for option in globalOptions + spec.options {
        if option.value == nil, result.values[option.name] != nil {
          throw UsageError("option '--\(option.name)' takes no value for '\(spec.name)'")
        }
        if option.value != nil, result.flags.contains(option.name) {
          throw UsageError("option '--\(option.name)' needs a value for '\(spec.name)'")
        }
      }
      if let stray = (Array(result.flags) + Array(result.values.keys)).sorted().first(where: {
        !known.contains($0)
      }) {
        throw UsageError("unknown option '--\(stray)' for '\(spec.name)'")
      }
      try Self.checkPositionals(result.positionals, spec: spec)
    } else if let stray = (Array(result.flags) + Array(result.values.keys)).sorted().first(where: { name in
      !globalOptions.contains { $0.name == name }
    }) {
      throw UsageError("unknown option '--\(stray)'")
    }
    return result
  }

  /// Which of the commands' options of one name (a flag in one command, a value in another, like
  /// `--type`) an option given before the command is: a flag when no value follows (none, an
  /// option, or a command taking it as a flag), else the one that takes a value.
  private func resolve(_ named: [OptionSpec], inline: String?, next: String?) -> OptionSpec {
    let flag = named.first { $0.value == nil }
    let valued = named.first { $0.value != nil }
    guard let flag, let valued else { return named[0] }
    if inline != nil { return valued }
    guard let next, !next.hasPrefix("-") else { return flag }
    if let command = command(named: next), command.options.contains(flag) { return flag }
    return valued
  }

  private static func split(_ argument: String) -> (String, String?) {
    let body = argument.drop { $0 == "-" }
    guard let equals = body.firstIndex(of: "=") else { return (String(body), nil) }
    return (String(body[..<equals]), String(body[body.index(after: equals)...]))
  }

  private static func checkPositionals(_ given: [String], spec: CommandSpec) throws(UsageError) {
    let required = spec.positionals.filter { !$0.optional }.count
    let variadic = spec.positionals.contains { $0.variadic }
    if given.count < required {
      let missing = spec.positionals.filter { !$0.optional }[given.count]
      throw UsageError("'\(spec.name)' needs \(missing.name)")
    }
    if !variadic && given.count > spec.positionals.count {
      throw UsageError("unexpected argument '\(given[spec.positionals.count])' for '\(spec.name)'")
    }
  }
}
