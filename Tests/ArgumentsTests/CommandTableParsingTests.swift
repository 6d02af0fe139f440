import Arguments
import Testing

@Suite("Command-line parsing")
struct CommandTableParsingTests {
  @Test(
    "A global option means the same before and after the command",
    arguments: [["--vault", "v.json", "list"], ["list", "--vault", "v.json"]])
  func globalOptionPosition(arguments: [String]) throws {
    #expect(try ToolTable.parse(arguments) == ToolTable.parsed("list", values: ["vault": ["v.json"]]))
  }

  @Test(
    "A global flag means the same before and after the command",
    arguments: [
      ["--verbose", "show", "alice"], ["show", "alice", "--verbose"], ["show", "--verbose", "alice"],
    ])
  func globalFlagPosition(arguments: [String]) throws {
    #expect(
      try ToolTable.parse(arguments) == ToolTable.parsed("show", flags: ["verbose"], positionals: ["alice"]))
  }

  @Test("--name=value and --name value give the same result", arguments: ["vault", "at"])
  func inlineAndSeparateValues(option: String) throws {
    let separate = try ToolTable.parse(["show", "alice", "--\(option)", "x=1"])
    let inline = try ToolTable.parse(["show", "alice", "--\(option)=x=1"])
    #expect(separate == inline)
    #expect(inline.value(option) == "x=1")
  }

  @Test("An inline value may be empty")
  func emptyInlineValue() throws {
    #expect(try ToolTable.parse(["list", "--vault="]).value("vault") == "")
  }

  @Test("A command's own options are accepted after it")
  func commandOptions() throws {
    let parsed = try ToolTable.parse(["show", "--at", "59", "alice", "--json"])
    #expect(
      parsed == ToolTable.parsed("show", values: ["at": ["59"]], flags: ["json"], positionals: ["alice"]))
  }

  @Test("A repeatable option accumulates its values in order")
  func repeatableAccumulates() throws {
    let parsed = try ToolTable.parse(["--tag", "a", "list", "--tag=b", "--tag", "c"])
    #expect(parsed.values["tag"] == ["a", "b", "c"])
    #expect(parsed.value("tag") == "c")
  }

  @Test(
    "A non-repeatable option given twice is refused",
    arguments: [["--vault", "a", "list", "--vault", "b"], ["list", "--vault=a", "--vault=a"]])
  func nonRepeatableTwice(arguments: [String]) {
    let error = #expect(throws: UsageError.self) { try ToolTable.parse(arguments) }
    #expect(error?.message.contains("--vault") == true)
  }

  @Test(
    "A flag given twice is refused, as flags are not repeatable",
    arguments: [["--verbose", "list", "--verbose"], ["show", "a", "--json", "--json"]])
  func flagTwice(arguments: [String]) {
    let error = #expect(throws: UsageError.self) { try ToolTable.parse(arguments) }
    #expect(error?.message.contains("more than once") == true)
  }

  @Test(
    "An unknown option is refused with a message naming it",
    arguments: [["list", "--bogus"], ["--bogus", "list"], ["list", "--bogus=1"], ["list", "--json"]])
  func unknownOption(arguments: [String]) {
    let name = arguments.first { $0.hasPrefix("--") }!.prefix { $0 != "=" }
    let error = #expect(throws: UsageError.self) { try ToolTable.parse(arguments) }
    #expect(error?.message.contains("unknown option '\(name)'") == true, "\(error?.message ?? "")")
  }

  @Test("An unknown command is refused with a message naming it")
  func unknownCommand() {
    let error = #expect(throws: UsageError.self) { try ToolTable.parse(["frobnicate", "x"]) }
    #expect(error?.message.contains("unknown command 'frobnicate'") == true)
  }

  @Test("An option missing its value is refused", arguments: [["list", "--vault"], ["show", "a", "--at"]])
  func missingValue(arguments: [String]) {
    let error = #expect(throws: UsageError.self) { try ToolTable.parse(arguments) }
    #expect(error?.message.contains("\(arguments.last!)' needs a value") == true)
  }

  @Test("A flag given an inline value is refused", arguments: ["--verbose=yes", "--json=true", "--json="])
  func flagWithValue(argument: String) {
    let error = #expect(throws: UsageError.self) { try ToolTable.parse(["show", "a", argument]) }
    #expect(error?.message.contains("takes no value") == true)
  }

  @Test("'--' ends the options: what follows is positional even when it looks like an option")
  func doubleDashEndsOptions() throws {
    let parsed = try ToolTable.parse(["import", "--verbose", "--", "--format", "-x", "--"])
    #expect(parsed == ToolTable.parsed("import", flags: ["verbose"], positionals: ["--format", "-x", "--"]))
  }

  @Test("A lone '-' is a positional argument")
  func loneDash() throws {
    #expect(try ToolTable.parse(["import", "-"]).positionals == ["-"])
  }

  @Test("A missing required positional is refused with its name")
  func missingPositional() {
    let error = #expect(throws: UsageError.self) { try ToolTable.parse(["show", "--json"]) }
    #expect(error?.message.contains("QUERY") == true)
  }

  @Test("An optional positional may be left out")
  func optionalPositional() throws {
    #expect(try ToolTable.parse(["list"]) == ToolTable.parsed("list"))
    #expect(try ToolTable.parse(["list", "bank"]) == ToolTable.parsed("list", positionals: ["bank"]))
  }

  @Test(
    "An extra positional is refused with a message naming it",
    arguments: [["show", "a", "b"], ["list", "a", "b"]])
  func extraPositional(arguments: [String]) {
    let error = #expect(throws: UsageError.self) { try ToolTable.parse(arguments) }
    #expect(error?.message.contains("'b'") == true)
  }

  @Test("A variadic positional takes every remaining argument")
  func variadicPositional() throws {
    let parsed = try ToolTable.parse(["import", "a.json", "b.txt", "--format", "uris", "c.csv"])
    #expect(parsed.positionals == ["a.json", "b.txt", "c.csv"])
    #expect(parsed.value("format") == "uris")
  }

  @Test("No arguments parse to no command")
  func noArguments() throws {
    #expect(try ToolTable.parse([]) == ToolTable.parsed(nil))
    #expect(try ToolTable.parse(["--verbose"]) == ToolTable.parsed(nil, flags: ["verbose"]))
  }
}
