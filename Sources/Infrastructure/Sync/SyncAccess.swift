import Crypto
import Data
import Domain

/// How a sync opens and writes the files of its sources: the keys to try (the vault's own
/// first), the passwords to try after them (the vault's, then the source's), and where the
/// vault keeps its backups.
public struct SyncAccess: Sendable {
  /// A password, asked when first needed; nil when that source of passwords has none.
  public typealias Password = @Sendable () throws(DomainError) -> [UInt8]?

  /// Master keys to try, the vault's own first.
  public let keys: [SecretBytes]
  /// Passwords to try, in order.
  public let passwords: [Password]
  /// Identifiers for legacy groups in old files.
  public let ids: IdentifierSource
  /// Randomness for fresh nonces.
  public let random: RandomSource
  /// The vault's `backups/` folder.
  public let backups: String
  /// Unix time, for backup names.
  public let now: @Sendable () -> Int64

  /// Collects what a sync needs.
  public init(
    keys: [SecretBytes], passwords: [Password], ids: IdentifierSource, random: RandomSource, backups: String,
    now: @escaping @Sendable () -> Int64
  ) {
    self.keys = keys
    self.passwords = passwords
    self.ids = ids
    self.random = random
    self.backups = backups
    self.now = now
  }

  /// `bytes` opened with the keys alone (no password is asked); nil when they do not open it or
  /// it cannot be read (`open` then says why).
  func openWithKeys(_ bytes: [UInt8]) -> SealedVault? {
    guard
      case .success(let vault) = Result(catching: { () throws(SealedVault.Failure) in
        try SealedVault.open(bytes, keys: keys, passwords: [], ids: ids)
      })
    else { return nil }
    return vault
  }

  /// Opens the file at `path` (its `bytes`), trying `also` after the keys.
  func open(_ bytes: [UInt8], named path: String, also: [SecretBytes] = []) throws(DomainError) -> SealedVault
  {
    do throws(SealedVault.Failure) {
      return try SealedVault.open(bytes, keys: keys + also, passwords: passwords, ids: ids)
    } catch {
      switch error {
      case .unencrypted:
        throw .storage(
          "\(path) is not encrypted: syncing a plaintext vault would leak every secret; encrypt it first")
      case .passwordRequired: throw .passwordRequired
      case .domain(.wrongPassword):
        throw .storage("no password given opens \(path): use --source-password-file FILE")
      case .domain(.vaultCorrupted(let reason)): throw .storage("\(path) cannot be read: \(reason)")
      case .domain(.unsupportedVersion(let what)):
        throw .storage("\(path) is newer than this Twofold: \(what)")
      case .domain(let other): throw other
      }
    }
  }
}
