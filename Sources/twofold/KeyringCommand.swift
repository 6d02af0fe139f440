import Agent
import AppSession
import Arguments
import Codecs
import Data
import Domain
import Infrastructure

/// `keyring enable|disable|status [--json]` (CLI.md "Unlock with the login session"): the vault's
/// key in the login keyring. Never prompts for the keyring; `enable` asks the vault password as
/// `export` does, even while the agent holds the key.
struct KeyringCommand {
  let environment: Environment
  let arguments: ParsedArguments
  let keyring: any VaultKeyring

  func run() throws(CommandFailure) {
    let action = arguments.positionals.first ?? ""
    let session = try VaultSession(options: arguments, environment: environment)
    let vault = AgentProcess.absolutePath(session.path)
    let setting = KeyringSetting(keyring: keyring, vault: vault)
    if arguments.has("json"), action != "status" { throw .usage("--json only applies to 'keyring status'") }
    switch action {
    case "enable": try enable(session, setting)
    case "disable": try disable(setting)
    case "status": try status(vault: vault)
    default: throw .usage("unknown keyring action '\(action)': use enable, disable or status")
    }
  }

  private func enable(_ session: VaultSession, _ setting: KeyringSetting) throws(CommandFailure) {
    let vault = setting.vault
    // Asked first, so no password is typed for a keyring that cannot take the key.
    do throws(KeyringFailure) {
      try setting.checkWritable()
    } catch {
      throw .failed(error.message)
    }
    if !session.storage.exists() { throw session.failure(.vaultMissing) }
    // Opened here with its password (or the keyring's key), as `export` opens it, even while the
    // agent holds the key: the agent hands its key to no one.
    do {
      _ = try session.direct.load()
    } catch {
      throw session.failure(error)
    }
    guard let held = session.direct.heldKeyAndSlot() else {
      throw .failed("the vault at \(session.path) is not encrypted: there is no key to keep")
    }
    do throws(KeyringFailure) {
      try keyring.store(vault: vault, slot: held.slot, key: held.key)
    } catch {
      throw .failed(error.message)
    }
    environment.standardOutput(Self.enabled(vault))
  }

  private static func enabled(_ vault: String) -> String {
    "the login keyring holds the key of \(vault): while it is unlocked, no password is asked\n"
  }

  private func disable(_ setting: KeyringSetting) throws(CommandFailure) {
    let vault = setting.vault
    let removed: Bool
    do throws(KeyringFailure) {
      removed = try setting.disable()
    } catch {
      throw .failed(error.message)
    }
    environment.standardOutput(
      removed
        ? "removed the key of \(vault) from the login keyring\n"
        : "the login keyring holds no key for \(vault): nothing to remove\n")
  }

  private func status(vault: String) throws(CommandFailure) {
    let state: String
    switch keyring.lookup(vault: vault) {
    case .found: state = "enabled"
    case .locked: state = "locked"
    case .absent, .unavailable: state = "disabled"
    case .damaged(let reason):
      state = "enabled"
      environment.standardError(
        "warning: the item is damaged (\(reason)): run 'twofold keyring enable' to replace it\n")
    case .several(let count):
      state = "enabled"
      environment.standardError(
        "warning: the login keyring holds \(count) items for this vault: run 'twofold keyring enable' to keep one\n"
      )
    case .failed(let reason): throw .failed(reason)
    }
    if arguments.has("json") {
      let object = JSONObject([("vault", .string(vault)), ("state", .string(state))])
      environment.standardOutput(JSONValue.object(object).serializedString() + "\n")
    } else {
      environment.standardOutput("\(state)\n")
    }
  }
}
