import Codecs
import Crypto
import Domain
import Synchronization

/// A vault's key from a keyring, as the repository tries it before the password (CLI.md "Unlock
/// with the login session"): the keyring is asked at most once, its key is used only when it
/// opens the vault's db (the GCM tag checks it), and a key that no longer fits is replaced, with
/// one warning, once the password has opened the vault. The vault file is never changed by it.
public struct KeyringUnlock: Sendable {
  /// How far the keyring has been tried.
  enum State: Equatable {
    case untried
    /// Its key opened the vault.
    case opened
    /// It holds a key that does not open the vault (re-keyed elsewhere): replace it after the password.
    case stale
    /// Nothing usable: absent, locked, damaged, several, or no keyring.
    case unusable
  }

  /// The keyring asked.
  public let keyring: any VaultKeyring
  /// The vault's absolute path, the item's `vault` attribute.
  public let vault: String
  private let warn: @Sendable (String) -> Void
  private let state = Shared()

  /// The key kept for `vault` in `keyring`; `warn` gets each warning line (without a line end).
  public init(keyring: any VaultKeyring, vault: String, warn: @escaping @Sendable (String) -> Void) {
    self.keyring = keyring
    self.vault = vault
    self.warn = warn
  }

  /// Whether the keyring's key opened the vault (it then goes to the agent, as a typed password's does).
  public var openedVault: Bool { state.value.withLock { $0 } == .opened }

  /// The key, its slot's index and the db, when the keyring holds a key for `file` that opens
  /// it; nil (and the keyring is not asked again) otherwise.
  func open(_ file: AegisVaultFile) -> (key: SecretBytes, slot: Int, db: JSONObject)? {
    guard state.value.withLock({ $0 }) == .untried else { return nil }
    switch keyring.lookup(vault: vault) {
    case .found(let key, let slot):
      guard
        let index = file.slots.firstIndex(where: {
          $0["uuid"]?.stringValue == slot && $0["type"]?.int64Value == 1
        }),
        let db = try? file.database(masterKey: key)
      else {
        set(.stale)
        return nil
      }
      set(.opened)
      return (key, index, db)
    case .absent, .locked, .unavailable:
      set(.unusable)
    case .damaged(let reason):
      set(.unusable)
      warn(
        "warning: the login keyring's item for \(vault) is damaged (\(reason)): it was not used; "
          + "run 'twofold keyring enable' to replace it")
    case .failed(let reason):
      set(.unusable)
      warn("warning: the login keyring was not used: \(reason)")
    case .several(let count):
      set(.unusable)
      warn(
        "warning: the login keyring holds \(count) items for \(vault): none was used; "
          + "run 'twofold keyring enable' to keep one")
    }
    return nil
  }

  /// After the password opened the vault with `key` through the slot `slot` (its uuid): replaces
  /// an item whose key no longer fitted, with one warning line.
  func passwordOpened(key: SecretBytes, slot: String?) {
    guard state.value.withLock({ $0 }) == .stale, let slot else { return }
    set(.unusable)
    do throws(KeyringFailure) {
      try keyring.store(vault: vault, slot: slot, key: key)
      warn(
        "warning: the login keyring's key no longer opened \(vault) (its password was changed elsewhere); "
          + "it was replaced with the key the password opened")
    } catch {
      warn(
        "warning: the login keyring's key no longer opens \(vault) and could not be replaced: \(error.message)"
      )
    }
  }

  private func set(_ new: State) { state.value.withLock { $0 = new } }

  /// The state shared by the copies of one `KeyringUnlock`.
  private final class Shared: Sendable {
    let value = Mutex(State.untried)
  }
}
