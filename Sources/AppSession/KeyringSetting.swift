import Agent
import Crypto
import Data
import Domain
import Presentation
import Synchronization

/// "Unlock with the login keyring" for one vault (CLI.md "Unlock with the login session"): the
/// use case behind `twofold keyring enable|disable` and the window's switch. Never prompts for
/// the keyring: a locked collection is reported, not unlocked. The vault file is never changed.
public struct KeyringSetting: Sendable {
  /// The keyring asked.
  public let keyring: any VaultKeyring
  /// The vault's absolute path, the item's `vault` attribute.
  public let vault: String
  /// How the agent is reached: when it holds the key, it keeps the key in the keyring itself.
  public let agent: AgentAccess

  /// The setting of the vault at the absolute path `vault`.
  public init(keyring: any VaultKeyring, vault: String, agent: AgentAccess) {
    self.keyring = keyring
    self.vault = vault
    self.agent = agent
  }

  /// Whether the keyring holds an item for the vault, as `twofold keyring status` says (a locked,
  /// damaged or doubled item counts as on); nil when no keyring answers.
  public func isEnabled() -> Bool? {
    switch keyring.lookup(vault: vault) {
    case .found, .locked, .damaged, .several: true
    case .absent: false
    case .unavailable, .failed: nil
    }
  }

  /// Throws when the keyring cannot take a key now (none, locked, failing), before any password is asked.
  public func checkWritable() throws(KeyringFailure) {
    switch keyring.lookup(vault: vault) {
    case .unavailable(let reason), .failed(let reason): throw .failed(reason)
    case .locked: throw .locked
    case .found, .absent, .damaged, .several: break
    }
  }

  /// Asks the agent to keep the key it holds for the vault; whether it did.
  public func keepThroughAgent() -> Bool {
    guard agent.isEnabled, case .ok? = try? agent.client.send(.keepInKeyring(vault: vault)) else {
      return false
    }
    return true
  }

  /// Keeps the vault's key: through the agent when it holds it, else `held()` (the key and the
  /// uuid of its password slot, nil when the vault is not open here).
  public func enable(held: () -> (key: SecretBytes, slot: String)?) throws(KeyringFailure) {
    try checkWritable()
    if keepThroughAgent() { return }
    guard let held = held() else {
      throw .failed("the vault's key is not held here: unlock the vault and try again")
    }
    try keyring.store(vault: vault, slot: held.slot, key: held.key)
  }

  /// Removes the vault's key; whether there was one (none when there is no keyring).
  public func disable() throws(KeyringFailure) -> Bool {
    do throws(KeyringFailure) {
      return try keyring.remove(vault: vault)
    } catch .unavailable {
      return false
    }
  }
}

extension InteractiveVault {
  /// The store's `keyring`: the setting of this vault, with the key of the vault as opened here
  /// when the agent does not hold it; nil keyring (left alone) gives `.unavailable`.
  public var keyringPort: KeyringPort {
    guard let setting = keyringSetting else { return .unavailable }
    let opened = openedDirectly
    return KeyringPort(
      status: { setting.isEnabled() },
      enable: {
        do throws(KeyringFailure) {
          try setting.enable { opened()?.heldKeyAndSlot() }
          return .success(())
        } catch {
          return .failure(ClipboardFailure("The login keyring was not changed: \(error.message)."))
        }
      },
      disable: {
        do throws(KeyringFailure) {
          _ = try setting.disable()
          return .success(())
        } catch {
          return .failure(ClipboardFailure("The login keyring was not changed: \(error.message)."))
        }
      })
  }
}

/// The repository a front end last opened the vault with itself (not through the agent).
final class OpenedRepository: Sendable {
  private let value = Mutex<AegisVaultRepository?>(nil)

  /// Remembers `repository`.
  func set(_ repository: AegisVaultRepository) { value.withLock { $0 = repository } }
  /// The repository remembered, if any.
  func get() -> AegisVaultRepository? { value.withLock { $0 } }
}
