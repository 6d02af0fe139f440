import Arguments
import Testing

/// `--type` is a flag of `code` and takes a value on `add`, as in Twofold.
@Suite("An option name that is a flag in one command and takes a value in another")
struct SharedOptionNameTests {
  static let table = CommandTable(
    program: "tool", abstract: "Keeps accounts.", globalOptions: [.value("vault", "PATH", "the vault file")],
    commands: [
      CommandSpec("add", "adds one", options: [.value("type", "TYPE", "the OTP type")]),
      CommandSpec(
        "code", "a code", positionals: [PositionalSpec("QUERY", "which account")],
        options: [.flag("type", "type the code")]),
    ])

  static func parsed(
    _ command: String, values: [String: [String]] = [:], flags: Set<String> = [], positionals: [String] = []
  ) -> ParsedArguments {
    var result = ParsedArguments(command: command)
    result.values = values
    result.flags = flags
    result.positionals = positionals
    return result
  }

  @Test(
    "After the command, each command reads it its own way",
    arguments: [
      (["add", "--type", "hotp"], parsed("add", values: ["type": ["hotp"]])),
      (["add", "--type=hotp"], parsed("add", values: ["type": ["hotp"]])),
      (["code", "--type", "alice"], parsed("code", flags: ["type"], positionals: ["alice"])),
      (["code", "alice", "--type"], parsed("code", flags: ["type"], positionals: ["alice"])),
    ])
  func afterTheCommand(arguments: [String], expected: ParsedArguments) throws {
    #expect(try Self.table.parse(arguments) == expected)
  }

  @Test(
    "Before the command, it is read as the command that follows takes it",
    arguments: [
      (["--type", "hotp", "add"], parsed("add", values: ["type": ["hotp"]])),
      (["--type=hotp", "add"], parsed("add", values: ["type": ["hotp"]])),
      (["--type", "code", "alice"], parsed("code", flags: ["type"], positionals: ["alice"])),
      (
        ["--type", "--vault", "v", "code", "alice"],
        parsed("code", values: ["vault": ["v"]], flags: ["type"], positionals: ["alice"])
      ),
    ])
  func beforeTheCommand(arguments: [String], expected: ParsedArguments) throws {
    #expect(try Self.table.parse(arguments) == expected)
  }

  @Test(
    "Read the wrong way for the command, it is a usage error",
    arguments: [
      ["--type", "add"], ["--type=x", "code", "alice"], ["code", "alice", "--type=x"], ["add", "--type"],
    ])
  func wrongWay(arguments: [String]) {
    #expect(throws: UsageError.self) { try Self.table.parse(arguments) }
  }
}
