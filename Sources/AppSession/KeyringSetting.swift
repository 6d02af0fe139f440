import Crypto
import Data
import Domain
import Presentation
import Synchronization

/// "Unlock with the login keyring" for one vault (CLI.md "Unlock with the login session"): the
/// use case behind `twofold keyring enable|disable` and the window's switch. Never prompts for
/// the keyring: a locked collection is reported, not unlocked. The vault file is never changed.
///
/// The key kept is always one opened here with the vault's password (or its keyring item), never
/// the agent's: the agent stores its key nowhere on request, so a process of the user that can
/// reach the agent's socket cannot have the key put where every such process reads it.
public struct KeyringSetting: Sendable {
  /// The keyring asked.
  public let keyring: any VaultKeyring
  /// The vault's absolute path, the item's `vault` attribute.
  public let vault: String

  /// The setting of the vault at the absolute path `vault`.
  public init(keyring: any VaultKeyring, vault: String) {
    self.keyring = keyring
    self.vault = vault
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

  /// Keeps the key of the vault as opened here: `held()` gives the key and the uuid of its
  /// password slot, nil when the vault is not open here (its secrets stay with the agent, and
  /// the vault's password is needed, as for an export).
  public func enable(held: () -> (key: SecretBytes, slot: String)?) throws(KeyringFailure) {
    try checkWritable()
    guard let held = held() else {
      throw .failed("the vault's key is not held here: type the vault's password")
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
  /// The store's `keyring`: the setting of this vault, with the key of the vault as opened here,
  /// else (its secrets are with the agent) the key the vault's password typed in the settings
  /// opens the file with; nil keyring (left alone) gives `.unavailable`.
  public var keyringPort: KeyringPort {
    guard let setting = keyringSetting else { return .unavailable }
    let opened = openedDirectly
    let assembly = assembly
    return KeyringPort(
      status: { setting.isEnabled() },
      needsPassword: { opened() == nil },
      enable: { password in
        do throws(KeyringFailure) {
          if let repository = opened() {
            try setting.enable { repository.heldKeyAndSlot() }
            return .success(())
          }
          guard let password else {
            return .failure(ClipboardFailure("Type the vault's password: the agent keeps its key."))
          }
          try setting.checkWritable()
          let repository = assembly.repository(password: { () throws(DomainError) in password })
          do throws(DomainError) {
            _ = try repository.load()
          } catch {
            return .failure(ClipboardFailure(Messages.text(for: error)))
          }
          try setting.enable { repository.heldKeyAndSlot() }
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
