import Arguments

/// A small command table in the shape of Twofold's: global options, and commands with a required,
/// an optional and a variadic positional.
enum ToolTable {
  static let table = CommandTable(
    program: "tool", abstract: "Keeps accounts.",
    globalOptions: [
      .value("vault", "PATH", "the vault file", completion: .file),
      .flag("verbose", "say more"),
      .value("tag", "TAG", "a tag to apply", repeatable: true),
    ],
    commands: [
      CommandSpec(
        "show", "shows one account", positionals: [PositionalSpec("QUERY", "which account")],
        options: [.value("at", "UNIX_SECONDS", "the time to show"), .flag("json", "print JSON")]),
      CommandSpec(
        "list", "lists accounts", positionals: [PositionalSpec("FILTER", "a filter", optional: true)]),
      CommandSpec(
        "import", "imports files",
        positionals: [PositionalSpec("FILE", "files to read", variadic: true, completion: .file)],
        options: [.value("format", "F", "the file format", completion: .values(["uris", "aegis"]))],
        discussion: "Formats: uris, aegis."),
    ])

  /// The parse of `arguments`.
  static func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    try table.parse(arguments)
  }

  /// The expected result of a parse, built field by field.
  static func parsed(
    _ command: String?, values: [String: [String]] = [:], flags: Set<String> = [], positionals: [String] = []
  ) -> ParsedArguments {
    var result = ParsedArguments(command: command)
    result.values = values
    result.flags = flags
    result.positionals = positionals
    return result
  }
}
