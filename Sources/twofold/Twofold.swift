import AppSession
import Arguments

/// The command-line program: parses arguments with the command table and runs a command.
struct Twofold {
  /// The version printed by `--version`.
  static let version = Release.version

  let environment: Environment

  /// Runs one command line and returns its exit status; failures print one line on standard error.
  func run(_ arguments: [String]) -> ExitStatus {
    if ClipboardClearCommand.matches(arguments) {
      return ClipboardClearCommand(environment: environment).run(arguments)
    }
    do throws(CommandFailure) {
      if BrowserHostCommand.startedByBrowser(arguments) {
        // The browser starts the manifest's program, this one, with only its own arguments:
        // there is no command line to parse (nor its table to build, at each request).
        var parsed = ParsedArguments(command: "browser-host")
        parsed.positionals = arguments
        try BrowserHostCommand(environment: environment, arguments: parsed).run()
      } else {
        try dispatch(arguments)
      }
      if let reason = environment.outputFailure() {
        throw .failed("cannot write to standard output: \(reason)")
      }
      return .success
    } catch {
      environment.standardError("twofold: \(error.message)\n")
      for line in error.details { environment.standardError("  \(line)\n") }
      return error.status
    }
  }

  private func dispatch(_ arguments: [String]) throws(CommandFailure) {
    let table = CommandTable.twofold
    let parsed: ParsedArguments
    do {
      parsed = try table.parse(arguments)
    } catch {
      throw .usage(error.message)
    }
    if parsed.has("version") {
      environment.standardOutput("twofold \(Self.version)\n")
      return
    }
    guard let command = parsed.command else {
      if parsed.has("help") {
        environment.standardOutput(table.overview())
        return
      }
      if environment.isTerminal() {
        try TerminalAppCommand(environment: environment, arguments: parsed).runVault()
        return
      }
      let commands = try VaultCommands(environment: environment, arguments: parsed)
      commands.announceConflictCopies()
      try commands.list()
      return
    }
    if parsed.has("help") {
      environment.standardOutput(table.help(for: table.command(named: command)!))
      return
    }
    switch command {
    case "help": try help(parsed, table: table)
    case "completions": try completions(parsed, table: table)
    case "code" where parsed.value("uri") != nil: try CodeCommand(environment: environment).run(parsed)
    case "verify": try VerifyCommand(environment: environment).run(parsed)
    case "demo": try TerminalAppCommand(environment: environment, arguments: parsed).runDemo()
    case "unlock": try AgentCommands(environment: environment, arguments: parsed).unlock()
    case "lock": try AgentCommands(environment: environment, arguments: parsed).lock()
    case "status": try AgentCommands(environment: environment, arguments: parsed).status()
    case "agent": try AgentCommands(environment: environment, arguments: parsed).agent()
    case "browser-host": try BrowserHostCommand(environment: environment, arguments: parsed).run()
    case "keyring":
      try KeyringCommand(
        environment: environment, arguments: parsed,
        keyring: VaultSession.keyring(variables: environment.variables)
      ).run()
    case "browser": try browser(parsed)
    case "icons": try IconsCommand(environment: environment, arguments: parsed).run()
    default: try vaultCommand(command, parsed)
    }
  }

  private func browser(_ parsed: ParsedArguments) throws(CommandFailure) {
    let action = parsed.positionals[0]
    if try BrowserInstallCommand(environment: environment, arguments: parsed).run(action) { return }
    if try BrowserCommands(environment: environment, arguments: parsed).run(action) { return }
    let names = CommandTable.browserActions.map(\.name).joined(separator: ", ")
    throw .usage("unknown browser action '\(action)': use \(names)")
  }

  private func vaultCommand(_ command: String, _ parsed: ParsedArguments) throws(CommandFailure) {
    if command == "code" {
      guard !parsed.positionals.isEmpty else { throw .usage("'code' needs QUERY or --uri URI") }
      for option in ["at", "pin"] where parsed.value(option) != nil {
        throw .usage("--\(option) only applies with --uri")
      }
    }
    let commands = try VaultCommands(environment: environment, arguments: parsed)
    if !["init", "sync", "merge-driver"].contains(command) { commands.announceConflictCopies() }
    switch command {
    case "init": try commands.initialize()
    case "add": try commands.add()
    case "list": try commands.list()
    case "code": try commands.code()
    case "show": try commands.show()
    case "edit": try commands.edit()
    case "remove": try commands.remove()
    case "passwd": try commands.changePassword()
    case "import": try ImportCommand(commands: commands, registry: .importRegistry()).run()
    case "pick": try PickCommand(commands: commands).run()
    case "sync": try SyncCommand(commands: commands).run()
    case "merge-driver": try MergeDriverCommand(commands: commands).run()
    case "export": try ExportCommand(commands: commands, drawQR: commands.qrPicture).run()
    default: throw .usage("unknown command '\(command)'")
    }
  }

  private func help(_ parsed: ParsedArguments, table: CommandTable) throws(CommandFailure) {
    if parsed.has("man") {
      environment.standardOutput(table.manual(.twofold))
      return
    }
    guard let name = parsed.positionals.first else {
      environment.standardOutput(table.overview())
      return
    }
    guard let command = table.command(named: name) else {
      throw .usage("unknown command '\(name)': see 'twofold --help'")
    }
    environment.standardOutput(table.help(for: command))
  }

  private func completions(_ parsed: ParsedArguments, table: CommandTable) throws(CommandFailure) {
    let name = parsed.positionals[0]
    guard let shell = CompletionShell(rawValue: name) else {
      throw .usage("no completions for the shell '\(name)': use bash, zsh or fish")
    }
    environment.standardOutput(table.completionScript(for: shell))
  }
}
