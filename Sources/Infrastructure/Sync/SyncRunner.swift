import Crypto
import Data
import Domain
import Synchronization

/// Puts a sync together for the vault at `vaultPath`: its sources by kind (a folder is Aegis
/// backups, a file a shared vault, and the vault's own conflict copies), its bases and kept
/// versions in the device's state folder, the sync lock, and `SyncVault` over the vault's
/// repository. The command line and the agent both run syncs through it.
public struct SyncRunner: Sendable {
  /// The vault's path.
  public let vaultPath: String
  /// The vault's repository (holding its key).
  public let repository: AegisVaultRepository
  /// Identifiers for conflict copies and groups.
  public let ids: IdentifierSource
  /// Randomness for nonces.
  public let random: RandomSource
  /// Unix time, for backup names.
  public let now: @Sendable () -> Int64
  /// The vault's state folder (`StateLocation`): bases, remembered sources, kept versions.
  public let stateFolder: String
  /// Told how long each phase took (milliseconds), for the benchmark; nil for everyone else.
  public var timings: (@Sendable (String, Double) -> Void)?

  /// Collects what every sync of the vault needs.
  public init(
    vaultPath: String, stateFolder: String, repository: AegisVaultRepository, ids: IdentifierSource,
    random: RandomSource, now: @escaping @Sendable () -> Int64
  ) {
    self.vaultPath = vaultPath
    self.stateFolder = stateFolder
    self.repository = repository
    self.ids = ids
    self.random = random
    self.now = now
  }

  /// The sources synced before.
  public func remembered() throws(DomainError) -> [String] {
    try bases(nil).remembered().map(\.path)
  }

  /// Forgets `source` and its base (and a problem a sync without being asked had with it);
  /// false when it was not remembered.
  public func forget(_ source: String) throws(DomainError) -> Bool {
    let forgotten = try bases(nil).forget(source)
    if forgotten { problemFile.clear { $0.source == source } }
    return forgotten
  }

  /// Where the problem of the last sync without being asked is kept (`SyncProblemFile`).
  public var problemFile: SyncProblemFile { SyncProblemFile(stateFolder: stateFolder) }

  private func bases(_ vault: SealedVault?) -> SyncBaseFiles {
    SyncBaseFiles(vaultPath: vaultPath, stateFolder: stateFolder, vault: vault, random: random, ids: ids)
  }

  /// Those of the shared files `sources` that this vault never synced with and that neither
  /// its key nor a key kept from an earlier sync opens: writing the vault's accounts there would
  /// seal its secrets under a key other than its own, which needs the vault's password (issue
  /// 32: the agent holds the key, but any process of the user can ask it). A file that is
  /// missing (to be created under the vault's key) or cannot be read is left to the sync.
  public func newSourcesUnderOtherKeys(_ sources: [String]) throws(DomainError) -> [String] {
    guard let local = try repository.sealed() else { return [] }
    let bases = bases(local)
    let remembered = Set(try bases.remembered().map(\.path))
    let access = access(local, bases, passwords: [])
    return sources.filter { path in
      guard !remembered.contains(path), !DurableFile.isFolder(path),
        let bytes = try? DurableFile.read(path)
      else { return false }
      return access.openWithKeys(bytes) == nil
    }
  }

  /// How a sync opens its sources: the vault's own key first, then those of sources it does not
  /// open kept by earlier syncs, then `passwords`.
  private func access(_ local: SealedVault, _ bases: SyncBaseFiles, passwords: [SyncAccess.Password])
    -> SyncAccess
  {
    SyncAccess(
      keys: [local.masterKey] + bases.sourceKeys(), passwords: passwords, ids: ids, random: random,
      backups: POSIX.directory(of: vaultPath) + "/backups", now: now)
  }

  /// The Syncthing conflict copies of the vault itself beside it, oldest first.
  public func conflictCopies() -> [String] { VaultConflictCopies.paths(of: vaultPath) }

  /// Syncs with the sources at the absolute paths `sources` (and, with `ownCopies`, the vault's
  /// own conflict copies), trying `passwords` on sources the vault's key does not open.
  public func sync(
    _ sources: [String], ownCopies: Bool = false, passwords: [SyncAccess.Password], dryRun: Bool
  ) throws(SyncVault.Failure) -> [SyncVault.SourceReport] {
    // The result is written to the vault, the sources, the bases and the kept versions:
    // its database is serialized once for all of them.
    let reports = try DatabaseText.reusing { () throws(SyncVault.Failure) in
      try syncOnce(sources, ownCopies: ownCopies, passwords: passwords, dryRun: dryRun)
    }
    if !dryRun { clearProblem(after: sources) }
    return reports
  }

  /// After a sync of `sources` succeeded: the problem of a sync without being asked goes when
  /// its source (or the vault itself) was among them, or when they were every remembered source.
  private func clearProblem(after sources: [String]) {
    let synced = Set(sources + [vaultPath])
    let everything = (try? remembered()).map { Set($0).isSubset(of: synced) } ?? false
    problemFile.clear { problem in everything || synced.contains(problem.source) }
  }

  private func syncOnce(
    _ sources: [String], ownCopies: Bool, passwords: [SyncAccess.Password], dryRun: Bool
  ) throws(SyncVault.Failure) -> [SyncVault.SourceReport] {
    let last = Mutex(BootClock.milliseconds())
    let timings = self.timings
    let lap: @Sendable (String) -> Void = { name in
      let now = BootClock.milliseconds()
      let previous = last.withLock { value in
        defer { value = now }
        return value
      }
      timings?(name, Double(now - previous))
    }
    let local: SealedVault
    do throws(DomainError) {
      guard let sealed = try repository.sealed() else {
        throw .storage(
          "the vault at \(vaultPath) is not encrypted: sync keeps its bases sealed with the vault's key; "
            + "encrypt it with 'twofold passwd'")
      }
      local = sealed
    } catch {
      throw SyncVault.Failure(source: vaultPath, error: error)
    }
    lap("unlock")
    let bases = bases(local)
    let access = access(local, bases, passwords: passwords)
    // A shared file never synced before is created when it is missing; one synced before and
    // gone stays an error.
    let remembered = Set((try? bases.remembered().map(\.path)) ?? [])
    var built: [any SyncSource] = sources.map { path -> any SyncSource in
      guard DurableFile.isFolder(path) else {
        return SharedVaultSource(
          path: path, access: access, creating: remembered.contains(path) ? nil : local)
      }
      return AegisBackupFolderSource(folder: path, access: access, lastConsumed: bases.consumed(from: path))
    }
    if ownCopies, !conflictCopies().isEmpty {
      built.insert(VaultConflictCopies(vault: vaultPath, access: access), at: 0)
    }
    let kept = KeptVersionFiles(stateFolder: stateFolder, vault: local, random: random, ids: ids, now: now)
    defer { kept.finishWorkAhead() }
    var sync = SyncVault(repository: repository, bases: bases, kept: kept, ids: ids, vault: vaultPath)
    sync.finished = { (phase: SyncVault.Phase) in lap(phase.rawValue) }
    let outcome = try SyncLock.holding(vaultPath) { () throws(SyncVault.Failure) in
      try sync(built, dryRun: dryRun, current: local.contents)
    }
    guard let reports = outcome else {
      throw SyncVault.Failure(source: vaultPath, error: .vaultLocked)
    }
    return reports
  }
}
