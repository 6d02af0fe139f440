import Arguments
import Testing

@Suite("Generated help")
struct CommandTableHelpTests {
  private let table = ToolTable.table

  @Test(
    "The overview lists every global option with its placeholder and help",
    arguments: ToolTable.table.globalOptions)
  func overviewListsGlobalOptions(option: OptionSpec) {
    let overview = table.overview()
    let synopsis = option.value.map { "--\(option.name) \($0)" } ?? "--\(option.name)"
    #expect(overview.contains(synopsis))
    #expect(overview.contains(option.help))
  }

  @Test("The overview lists every command with its summary", arguments: ToolTable.table.commands)
  func overviewListsCommands(command: CommandSpec) {
    let line = table.overview().split(separator: "\n").first { $0.hasPrefix("  \(command.name) ") }
    #expect(line?.hasSuffix(command.summary) == true)
  }

  @Test("The overview starts with the abstract and shows the usage")
  func overviewHeader() {
    let lines = table.overview().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "Keeps accounts.")
    #expect(lines.contains("Usage: tool [OPTIONS] COMMAND [ARGS]"))
  }

  @Test(
    "A command's help contains each of its options and each global option",
    arguments: ToolTable.table.commands)
  func commandHelpListsOptions(command: CommandSpec) {
    let help = table.help(for: command)
    for option in command.options + table.globalOptions {
      let synopsis = option.value.map { "--\(option.name) \($0)" } ?? "--\(option.name)"
      #expect(help.contains(synopsis), "\(synopsis)")
      #expect(help.contains(option.help), "\(option.help)")
    }
  }

  @Test("A command's help shows its usage line with its positionals", arguments: ToolTable.table.commands)
  func commandHelpUsage(command: CommandSpec) {
    let usage = table.help(for: command).split(separator: "\n").first { $0.hasPrefix("Usage: ") }
    #expect(usage?.hasPrefix("Usage: tool \(command.name)") == true)
    for positional in command.positionals {
      #expect(usage?.contains(positional.name) == true)
    }
  }

  @Test("A command's help marks optional and variadic positionals")
  func positionalSynopsis() throws {
    let list = try #require(table.command(named: "list"))
    let importCommand = try #require(table.command(named: "import"))
    #expect(table.help(for: list).contains("[FILTER]"))
    #expect(table.help(for: importCommand).contains("FILE…"))
  }

  @Test("A command's help ends with its discussion when it has one")
  func discussion() throws {
    let importCommand = try #require(table.command(named: "import"))
    #expect(table.help(for: importCommand).hasSuffix("Formats: uris, aegis.\n"))
  }
}
