import AppSession
import Arguments
import Infrastructure
import YKOATH

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
    if parsed.has("help") {
      let spec = parsed.command.flatMap { table.command(named: $0) }
      environment.standardOutput(spec.map { table.help(for: $0) } ?? table.overview())
      return
    }
    guard let command = try Command(parsed) else {
      if environment.isTerminal() {
        try TerminalAppCommand(environment: environment, arguments: parsed).runVault()
        return
      }
      let commands = try VaultCommands(
        environment: environment, arguments: parsed, choices: VaultCommand.list.sessionChoices)
      commands.announceConflictCopies()
      try commands.list()
      return
    }
    switch command {
    case .help: try help(parsed, table: table)
    case .completions: try completions(parsed, table: table)
    case .codeOfURI: try CodeCommand(environment: environment).run(parsed)
    case .verify: try VerifyCommand(environment: environment).run(parsed)
    case .demo: try TerminalAppCommand(environment: environment, arguments: parsed).runDemo()
    case .unlock: try AgentCommands(environment: environment, arguments: parsed).unlock()
    case .lock: try AgentCommands(environment: environment, arguments: parsed).lock()
    case .status: try AgentCommands(environment: environment, arguments: parsed).status()
    case .agent: try AgentCommands(environment: environment, arguments: parsed).agent()
    case .browserHost: try BrowserHostCommand(environment: environment, arguments: parsed).run()
    case .keyring:
      try KeyringCommand(
        environment: environment, arguments: parsed,
        keyring: SecretServiceKeyring(
          client: SecretServiceKeyring.client(variables: environment.variables),
          variables: environment.variables)
      ).run()
    case .key:
      try KeyCommand(
        environment: environment, arguments: parsed,
        service: { () throws(SmartCardError) in try LibPCSCLite() }
      ).run()
    case .browser: try browser(parsed)
    case .icons: try IconsCommand(environment: environment, arguments: parsed).run()
    case .vault(let command): try vaultCommand(command, parsed)
    }
  }

  private func browser(_ parsed: ParsedArguments) throws(CommandFailure) {
    let action = parsed.positionals[0]
    if try BrowserInstallCommand(environment: environment, arguments: parsed).run(action) { return }
    if try BrowserCommands(environment: environment, arguments: parsed).run(action) { return }
    let names = CommandTable.browserActions.map(\.name).joined(separator: ", ")
    throw .usage("unknown browser action '\(action)': use \(names)")
  }

  private func vaultCommand(_ command: VaultCommand, _ parsed: ParsedArguments) throws(CommandFailure) {
    let commands = try VaultCommands(
      environment: environment, arguments: parsed, choices: command.sessionChoices)
    if command.announcesConflictCopies { commands.announceConflictCopies() }
    switch command {
    case .initialize: try commands.initialize()
    case .add: try commands.add()
    case .list: try commands.list()
    case .code: try commands.code()
    case .show: try commands.show()
    case .edit: try commands.edit()
    case .remove: try commands.remove()
    case .passwd: try commands.changePassword()
    case .importAccounts: try ImportCommand(commands: commands, registry: .importRegistry()).run()
    case .pick: try PickCommand(commands: commands).run()
    case .sync: try SyncCommand(commands: commands).run()
    case .mergeDriver: try MergeDriverCommand(commands: commands).run()
    case .export: try ExportCommand(commands: commands, drawQR: commands.qrPicture).run()
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
