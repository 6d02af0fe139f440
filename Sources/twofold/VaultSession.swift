import Agent
import Arguments
import Crypto
import Data
import Domain
import Infrastructure

/// The composition of one vault for one command: where it is, how the password is found,
/// and the repositories over it. Built once per command by `Twofold`.
struct VaultSession {
  let path: String
  /// `path` absolute and free of symbolic links, as the session began: how the agent names
  /// the vault (resolved once; each resolution reads every folder of the path's links).
  let absolutePath: String
  let storage: FileVaultStorage
  /// The vault file itself, with the password: what prints or re-keys secrets uses it.
  let direct: AegisVaultRepository
  /// The vault through the agent while it holds the key, else `direct`.
  let repository: any VaultRepository
  let ids: IdentifierSource
  let passwords: PasswordSources
  let agent: AgentAccess
  /// The vault's key in the login keyring, tried before the password; nil for `passwd` (which
  /// proves the current password) and with `$TWOFOLD_KEYRING=off`.
  let keyring: KeyringUnlock?

  /// Who opens the vault, which decides how the password may be found.
  enum Opener {
    /// A command: every password source of CLI.md, the login keyring, and the key handed to
    /// the agent after a person typed the password.
    case command
    /// The browser host reading codes: through the agent, or an unencrypted vault directly;
    /// an encrypted vault no agent holds is `.passwordRequired`, nothing is asked.
    case browserReader
    /// The browser host's unlock: as `command`, but never on a terminal (askpass or pinentry).
    case browserUnlock
  }

  /// What the command decides about its session.
  struct Choices {
    /// Whether the login keyring's key is tried before the password (`$TWOFOLD_KEYRING=off`
    /// turns it off for any command).
    var usesKeyring = true
    /// Whether the repository keeps the contents it last decoded (a sync reads them again).
    var reusesDecoded = false
    /// Who opens the vault.
    var opener = Opener.command
  }

  init(options: ParsedArguments, environment: Environment, choices: Choices = Choices())
    throws(CommandFailure)
  {
    let opener = choices.opener
    path = try VaultSession.resolvePath(option: options.value("vault"), variables: environment.variables)
    let clock = environment.now
    let ids = IdentifierSource.uuid(random: RandomSource.secure.bytes)
    let assembly = VaultAssembly(
      path: path, now: { clock() }, stateRoot: StateLocation.root(variables: environment.variables), ids: ids,
      random: .secure, faultPoint: environment.vaultFaultPoint)
    storage = assembly.storage
    self.ids = ids
    passwords = PasswordSources(
      options: options, variables: environment.variables, asksOnTerminal: opener != .browserUnlock)
    agent = AgentAccess(disabled: options.has("no-agent"), variables: environment.variables)
    let source = passwords
    let warn = environment.standardError
    let vault = AgentProcess.absolutePath(path)
    absolutePath = vault
    let keyring = (opener != .browserReader && choices.usesKeyring ? Self.keyring(environment) : nil).map {
      KeyringUnlock(keyring: $0, vault: vault, warn: { warn($0 + "\n") })
    }
    self.keyring = keyring
    let asks = opener != .browserReader
    let direct = assembly.repository(
      password: { () throws(DomainError) in
        guard asks else { throw .passwordRequired }
        return try source.vaultPassword()
      },
      keyring: keyring, reusesDecoded: choices.reusesDecoded)
    self.direct = direct
    guard agent.isEnabled else {
      repository = direct
      return
    }
    guard asks else {
      repository = AgentVaultRepository(
        vault: vault, client: agent.client, direct: direct, warn: { warn($0 + "\n") })
      return
    }
    let access = agent
    repository = AgentVaultRepository(
      vault: vault, client: agent.client, direct: direct,
      opened: {
        // A password typed on a terminal or through askpass, or the key from the login keyring,
        // goes to the agent, so the next command asks neither; a password from a file or
        // $TWOFOLD_PASSWORD does not start an agent.
        guard source.wasAsked || keyring?.openedVault == true else { return }
        if let failure = access.handOver(
          direct, vault: vault, idle: AgentAccess.defaultIdle, max: AgentAccess.defaultMax)
        {
          warn("warning: the agent did not take the key: \(failure)\n")
        }
      }, warn: { warn($0 + "\n") })
  }

  /// The login keyring commands use: none with `$TWOFOLD_KEYRING=off`, else through the client
  /// it names (`dbus`: Twofold's own D-Bus client, not libsecret).
  static func keyring(_ environment: Environment) -> SecretServiceKeyring? {
    SecretServiceKeyring.chosen(variables: environment.variables)
  }

  /// `--vault`, else `$TWOFOLD_VAULT`, else `$XDG_DATA_HOME/twofold/vault.json`, else `~/.local/share/…`.
  static func resolvePath(option: String?, variables: [String: String]) throws(CommandFailure) -> String {
    guard let path = VaultLocation.path(option: option, variables: variables) else {
      throw .usage("cannot find the vault: set --vault, $TWOFOLD_VAULT, $XDG_DATA_HOME or $HOME")
    }
    return path
  }

  /// Translates a domain error into the contract's exit status and one line.
  func failure(_ error: DomainError) -> CommandFailure {
    switch error {
    case .wrongPassword: .failed("wrong password for \(path)")
    case .cancelled: .failed("cancelled: the password was not given")
    case .passwordRequired:
      .usage(
        "the vault is encrypted and there is no terminal to ask for the password: use --password-file FILE or $TWOFOLD_PASSWORD"
      )
    case .vaultMissing: .failed("no vault at \(path): run 'twofold init'")
    case .vaultExists: .failed("a vault already exists at \(path); it was left as it is")
    case .vaultCorrupted(let reason): .failed("the vault at \(path) cannot be read: \(reason)")
    case .vaultLocked:
      .failed("the vault at \(path) is in use by another twofold process; try again when it is done")
    case .unsupportedVersion(let what): .failed("the vault at \(path) is newer than this Twofold: \(what)")
    case .storage(let reason): .failed(reason)
    case .duplicate(let label): .failed("'\(label)' with the same secret is already in the vault")
    case .notFound(let query): CommandFailure(status: .noMatch, message: "no account matches '\(query)'")
    case .ambiguous(let query, let candidates):
      CommandFailure(
        status: .noMatch, message: "'\(query)' matches \(candidates.count) accounts; be more specific:",
        details: candidates)
    case .invalidField(let field, let message): .usage("\(field.rawValue): \(message)")
    case .cannotGenerate(let reason): .failed(reason)
    }
  }
}
