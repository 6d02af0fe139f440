extension CommandTable {
  /// The overview printed by `--help`: usage, commands and global options.
  public func overview() -> String {
    var lines = [abstract, "", "Usage: \(program) [OPTIONS] COMMAND [ARGS]", "", "Commands:"]
    let width = (commands.map(\.name.count).max() ?? 0) + 2
    for command in commands {
      lines.append("  " + command.name.padded(to: width) + command.summary)
    }
    lines += ["", "Options:"]
    lines += Self.optionLines(globalOptions)
    lines += ["", "See '\(program) help COMMAND' for a command's options."]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The help of one command: synopsis, arguments and options.
  public func help(for command: CommandSpec) -> String {
    var synopsis = [program, command.name]
    synopsis += command.positionals.map(\.synopsis)
    synopsis += command.options.map { "[\($0.synopsis)]" }
    var lines = [command.summary, "", "Usage: " + synopsis.joined(separator: " ")]
    if !command.positionals.isEmpty {
      lines += ["", "Arguments:"]
      let width = (command.positionals.map(\.name.count).max() ?? 0) + 2
      lines += command.positionals.map { "  " + $0.name.padded(to: width) + $0.help }
    }
    if !command.options.isEmpty {
      lines += ["", "Options:"]
      lines += Self.optionLines(command.options)
    }
    lines += ["", "Global options:"]
    lines += Self.optionLines(globalOptions)
    if let discussion = command.discussion { lines += ["", discussion] }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func optionLines(_ options: [OptionSpec]) -> [String] {
    let width = (options.map(\.synopsis.count).max() ?? 0) + 2
    return options.map { "  " + $0.synopsis.padded(to: width) + $0.help }
  }
}

extension String {
  fileprivate func padded(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
