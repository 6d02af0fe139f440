import Crypto
import Data
import Domain

/// The one place a vault file's repository is put together: its storage (backups named for this
/// device), the keeper of its versions for sync, identifiers and randomness, from choices made
/// by a composition root (the command line, the front ends, the agent). Each way of opening it
/// (a password, a key handed over, no secret at all) is a method.
public struct VaultAssembly: Sendable {
  /// The vault file.
  public let storage: FileVaultStorage
  /// Fresh identifiers for accounts and groups.
  public let ids: IdentifierSource
  /// Randomness for nonces, salts and keys.
  public let random: RandomSource
  /// Keeps each version written, for sync; nil where no state folder is known.
  public let keeper: VersionKeeper?

  /// The vault at `path`: backups named by `now` (Unix seconds) and this device's tag, versions
  /// kept under `stateRoot` (`StateLocation.root`; nil: none). `faultPoint` is the storage's
  /// (`FileVaultStorage.init`), nil but in a test build.
  public init(
    path: String, now: @escaping @Sendable () -> Int64, stateRoot: String?, ids: IdentifierSource,
    random: RandomSource, faultPoint: (@Sendable (FileVaultStorage.WriteStage) -> Void)?
  ) {
    storage = FileVaultStorage(
      path: path, now: now, deviceTag: { DeviceTag.forBackups(in: path, stateRoot: stateRoot) },
      faultPoint: faultPoint)
    keeper = KeptVersionFiles.keeper(forVault: path, root: stateRoot, random: random, ids: ids, now: now)
    self.ids = ids
    self.random = random
  }

  /// The repository asking `password` when it needs the key (after `keyring`'s key, when one is
  /// given); with `reusesDecoded`, it keeps the contents it decoded (a command's short life).
  public func repository(
    password: @escaping AegisVaultRepository.PasswordSource, keyring: KeyringUnlock? = nil,
    reusesDecoded: Bool = false
  ) -> AegisVaultRepository {
    AegisVaultRepository(
      storage: storage, password: password, random: random, ids: ids, keeper: keeper, keyring: keyring,
      reusesDecoded: reusesDecoded)
  }

  /// The repository that opens only what needs no secret: an unencrypted vault (or one
  /// `keyring`'s key opens); an encrypted one throws `.passwordRequired`.
  public func repositoryWithoutPassword(keyring: KeyringUnlock? = nil) -> AegisVaultRepository {
    repository(password: { () throws(DomainError) in throw .passwordRequired }, keyring: keyring)
  }

  /// The repository holding a master key handed over (the agent's), with the index of its slot.
  public func repository(masterKey: SecretBytes, slot: Int?) -> AegisVaultRepository {
    AegisVaultRepository(
      storage: storage, masterKey: masterKey, slotIndex: slot, random: random, ids: ids, keeper: keeper)
  }
}
