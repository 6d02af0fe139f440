extension CommandTable {
  /// A completion script for `shell`: commands, each command's options and the global ones,
  /// option values and positional arguments as the table's `ValueCompletion`s say.
  public func completionScript(for shell: CompletionShell) -> String {
    switch shell {
    case .bash: bashScript()
    case .zsh: zshScript()
    case .fish: fishScript()
    }
  }

  /// The prefix of every function a script defines (`_twofold`).
  var functionPrefix: String {
    "_" + String(program.map { $0.isLetter || $0.isNumber ? $0 : "_" })
  }

  /// Every dynamic completion of the table once, in the order they first appear.
  var dynamicCompletions: [DynamicCompletion] {
    var found: [DynamicCompletion] = []
    let completions =
      globalOptions.map(\.completion)
      + commands.flatMap { $0.options.map(\.completion) + $0.positionals.map(\.completion) }
    for case .dynamic(let dynamic) in completions where !found.contains(dynamic) {
      found.append(dynamic)
    }
    return found
  }

  /// The name of the function that runs `dynamic`.
  func dynamicFunction(_ dynamic: DynamicCompletion) -> String {
    functionPrefix + "_dynamic_" + String((dynamicCompletions.firstIndex(of: dynamic) ?? 0) + 1)
  }

  /// Whether `--name` takes a value for `command` (nil: before any command), as `parse` decides.
  func optionSpec(_ name: String, command: CommandSpec?) -> OptionSpec? {
    (globalOptions + (command?.options ?? commands.flatMap(\.options))).first { $0.name == name }
  }
}

extension String {
  /// The text in single quotes for bash and zsh.
  var shellQuoted: String { "'" + replacingOccurrences("'", with: "'\\''") + "'" }

  /// The text in single quotes for fish, where `\\` and `\'` are escapes.
  var fishQuoted: String {
    "'" + replacingOccurrences("\\", with: "\\\\").replacingOccurrences("'", with: "\\'") + "'"
  }

  /// Every `target` replaced (the standard library alone, without Foundation).
  func replacingOccurrences(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var result = ""
    var rest = Substring(self)
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound] + replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
