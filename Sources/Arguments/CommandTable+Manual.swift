extension CommandTable {
  /// The manual page in roff (man(7) macros): NAME, SYNOPSIS, DESCRIPTION, every command with
  /// its arguments and options, the global OPTIONS, then `page`'s own sections and SEE ALSO.
  public func manual(_ page: ManualPage, section: Int = 1) -> String {
    var lines = [
      ".TH \(Roff.argument(program.uppercased())) \(section) \"\" \(Roff.argument(page.source)) "
        + Roff.argument(page.manual),
      // Ragged right and no hyphenation: options and paths stay whole and evenly spaced.
      ".ad l", ".nh",
      ".SH NAME", Roff.escape("\(program) - \(page.summary)"),
      ".SH SYNOPSIS",
      Roff.bold(program) + " [" + Roff.italic("OPTIONS") + "] " + Roff.italic("COMMAND") + " ["
        + Roff.italic("ARGS") + "]",
      ".SH DESCRIPTION",
    ]
    lines += paragraphs(page.description)
    lines.append(".SH COMMANDS")
    for command in commands { lines += manual(for: command) }
    lines.append(".SH OPTIONS")
    lines += [Roff.escape("These apply to every command, before or after it.")]
    lines += globalOptions.flatMap(Self.manualEntry)
    for section in page.sections {
      lines.append(".SH " + Roff.argument(section.title))
      lines += Self.manualBlocks(section.blocks)
    }
    if !page.seeAlso.isEmpty {
      lines.append(".SH " + Roff.argument("SEE ALSO"))
      lines.append(page.seeAlso.map(Self.reference).joined(separator: ",\n"))
    }
    // A paragraph macro right after a heading is redundant (mandoc warns about it).
    let redundant = lines.indices.filter { $0 > 0 && lines[$0] == ".PP" && lines[$0 - 1].hasPrefix(".S") }
    for index in redundant.reversed() { lines.remove(at: index) }
    return lines.joined(separator: "\n") + "\n"
  }

  private func manual(for command: CommandSpec) -> [String] {
    var synopsis = [Roff.bold("\(program) \(command.name)")]
    synopsis += command.positionals.map { positional in
      let name = Roff.italic(positional.name) + (positional.variadic ? "\\&..." : "")
      return positional.optional ? "[" + name + "]" : name
    }
    synopsis += command.options.map { "[" + Self.manualSynopsis($0, space: "\\ ") + "]" }
    var lines = [".SS " + Roff.argument(command.name), synopsis.joined(separator: " "), ".PP"]
    lines.append(Roff.escape(Self.sentence(command.summary)))
    for positional in command.positionals {
      lines += [".TP", Roff.italic(positional.name), Roff.escape(positional.help)]
    }
    lines += command.options.flatMap(Self.manualEntry)
    if let discussion = command.discussion { lines += paragraphs([discussion]) }
    return lines
  }

  private func paragraphs(_ texts: [String]) -> [String] {
    texts.flatMap { [".PP", Roff.escape($0)] }
  }

  private static func manualEntry(_ option: OptionSpec) -> [String] {
    [".TP", manualSynopsis(option, space: " "), Roff.escape(option.help)]
  }

  private static func manualSynopsis(_ option: OptionSpec, space: String) -> String {
    Roff.bold("--" + option.name) + (option.value.map { space + Roff.italic($0) } ?? "")
  }

  private static func manualBlocks(_ blocks: [ManualBlock]) -> [String] {
    blocks.flatMap { block -> [String] in
      switch block {
      case .paragraph(let text): [".PP", Roff.escape(text)]
      case .entry(let term, let text): [".TP", Roff.bold(term), Roff.escape(text)]
      case .example(let commands): [".PP", ".RS 4", ".nf"] + commands.map(Roff.escape) + [".fi", ".RE"]
      }
    }
  }

  /// `name(1)` as a bold name and its section in roman.
  private static func reference(_ page: String) -> String {
    guard let open = page.firstIndex(of: "(") else { return Roff.bold(page) }
    return Roff.bold(String(page[..<open])) + Roff.escape(String(page[open...]))
  }

  /// A summary as a sentence: first letter capitalized, a full stop at the end.
  private static func sentence(_ text: String) -> String {
    guard let first = text.first else { return text }
    let ending = text.last.map { ".!?".contains($0) } == true ? "" : "."
    return first.uppercased() + text.dropFirst() + ending
  }
}
