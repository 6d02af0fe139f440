import Crypto

/// A place outside the vault file that keeps a vault's master key, so the vault opens without
/// its password: the login keyring (the Secret Service) in the program, a value in tests.
/// Nothing here may prompt: a locked keyring is reported as locked, never unlocked.
public protocol VaultKeyring: Sendable {
  /// The item kept for the vault at the absolute path `vault`, read without unlocking anything.
  func lookup(vault: String) -> KeyringLookup
  /// Keeps `key` (opened through the password slot `slot`) for `vault`, replacing what was kept.
  func store(vault: String, slot: String, key: SecretBytes) throws(KeyringFailure)
  /// Removes what is kept for `vault`; whether there was anything.
  func remove(vault: String) throws(KeyringFailure) -> Bool
}

/// What a keyring holds for one vault.
public enum KeyringLookup: Sendable {
  /// One item, unlocked: the master key and the uuid of the password slot it was kept for.
  case found(key: SecretBytes, slot: String)
  /// No item for the vault.
  case absent
  /// An item whose collection is locked: its key is not read.
  case locked
  /// An item that holds no usable key (the reason says why).
  case damaged(String)
  /// More than one item for the vault: none is used.
  case several(Int)
  /// There is no keyring to ask (the reason says why, and what to install).
  case unavailable(String)
  /// The keyring was there but did not answer (in time, or at all): the reason says why.
  case failed(String)
}

/// Why a keyring did not do what was asked, in a sentence for people.
public enum KeyringFailure: Error, Equatable, Sendable {
  /// No keyring can be asked: no library, no Secret Service on the bus, or it did not answer in time.
  case unavailable(String)
  /// The collection is locked, and Twofold does not unlock it.
  case locked
  /// The keyring refused or failed.
  case failed(String)

  /// One sentence for people.
  public var message: String {
    switch self {
    case .unavailable(let reason), .failed(let reason): reason
    case .locked:
      "the login keyring is locked: unlock it (log in again, or open it in Seahorse) and try again"
    }
  }
}
