import Arguments

/// The command of a command line, typed: `CommandTable.twofold` parses the text, and this is the
/// one place that reads its name. Each command says what its vault session needs.
enum Command: Equatable {
  case help, completions, verify, demo, unlock, lock, status, agent, browserHost, keyring, key, browser, icons
  /// `code --uri URI`: a code from a Key URI, no vault read.
  case codeOfURI
  /// A command on the vault file.
  case vault(VaultCommand)

  /// The command `parsed` names (nil: none, the terminal app or the list); throws for one the
  /// table knows and this does not, or `code` without what it needs.
  init?(_ parsed: ParsedArguments) throws(CommandFailure) {
    guard let name = parsed.command else { return nil }
    switch name {
    case "help": self = .help
    case "completions": self = .completions
    case "verify": self = .verify
    case "demo": self = .demo
    case "unlock": self = .unlock
    case "lock": self = .lock
    case "status": self = .status
    case "agent": self = .agent
    case "browser-host": self = .browserHost
    case "keyring": self = .keyring
    case "key": self = .key
    case "browser": self = .browser
    case "icons": self = .icons
    case "code" where parsed.value("uri") != nil: self = .codeOfURI
    case "code":
      guard !parsed.positionals.isEmpty else { throw .usage("'code' needs QUERY or --uri URI") }
      for option in ["at", "pin"] where parsed.value(option) != nil {
        throw .usage("--\(option) only applies with --uri")
      }
      self = .vault(.code)
    default:
      guard let command = VaultCommand(rawValue: name) else { throw .usage("unknown command '\(name)'") }
      self = .vault(command)
    }
  }
}

/// A command that opens the vault file.
enum VaultCommand: String, CaseIterable {
  case initialize = "init"
  case add, list, code, show, edit, remove, passwd
  case importAccounts = "import"
  case pick, sync
  case mergeDriver = "merge-driver"
  case export

  /// Whether it first says that Syncthing left conflict copies beside the vault: not for the
  /// commands that make the vault or merge them.
  var announcesConflictCopies: Bool { ![.initialize, .sync, .mergeDriver].contains(self) }

  /// How its session opens the vault: `passwd` proves the current password (never the
  /// keyring's key), and `sync` keeps the contents it decoded for the merge that follows.
  var sessionChoices: VaultSession.Choices {
    VaultSession.Choices(usesKeyring: self != .passwd, reusesDecoded: self == .sync)
  }
}
