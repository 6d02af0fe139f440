import Domain
import Synchronization

/// A device's vault held in memory as the file repository holds it on disk: each change is
/// stamped with a fresh version id descending from the one it replaced and kept, as the
/// repository's version keeper keeps every version it writes.
final class SimulatedVault: VaultRepository, @unchecked Sendable {
  private let contents: Mutex<VaultContents>
  let ids: IdentifierSource
  let kept: SimulatedKept
  /// How many times the vault was written.
  private(set) var writes = 0

  init(_ contents: VaultContents, ids: IdentifierSource, kept: SimulatedKept) {
    self.contents = Mutex(contents)
    self.ids = ids
    self.kept = kept
  }

  func load() throws(DomainError) -> VaultContents { contents.withLock { $0 } }

  func update<Result>(_ change: (inout VaultContents) throws(DomainError) -> Result) throws(DomainError)
    -> Result
  {
    let loaded = contents.withLock { $0 }
    var copy = loaded
    let result = try change(&copy)
    copy = copy.stamped(over: loaded, ids: ids)
    if copy != loaded { writes += 1 }
    contents.withLock { $0 = copy }
    if copy.lineage != nil { try? kept.keep(copy, parent: loaded) }
    return result
  }
}

/// The versions a device kept, exactly.
final class SimulatedKept: KeptVersionStore, @unchecked Sendable {
  var versions: [VersionLineage.ID: VaultContents] = [:]
  func keptIDs() -> Set<VersionLineage.ID> { Set(versions.keys) }
  func contents(of id: VersionLineage.ID) -> VaultContents? { versions[id] }
  func keep(_ version: VaultContents, parent: VaultContents?) throws(DomainError) {
    guard let id = version.lineage?.id, versions[id] == nil else { return }
    versions[id] = version
  }
}

/// A device's sync bases and what it consumed from backup folders, by source.
final class SimulatedBases: SyncBaseStore, @unchecked Sendable {
  var bases: [String: VaultContents] = [:]
  var consumedBySource: [String: String] = [:]
  func base(of source: String) throws(DomainError) -> VaultContents? { bases[source] }
  func consumed(from source: String) -> String? { consumedBySource[source] }
  func prepare(_ base: VaultContents, of source: any SyncSource, consumed: String?) throws(DomainError)
    -> SyncCommit
  {
    let location = source.location
    return SyncCommit(
      commit: { [self] () throws(DomainError) in
        bases[location] = base
        if let consumed { consumedBySource[location] = consumed }
      }, discard: {})
  }
}

/// A device's replica of the shared file and its conflict copies, as `SharedVaultSource` reads
/// and writes the real one.
final class SimulatedSharedSource: SyncSource, @unchecked Sendable {
  static let name = "shared.json"
  let location = "/sync/shared.json"
  let isTwoWay = true
  let device: String
  let syncthing: SimulatedSyncthing
  private var copies: [String] = []

  init(device: String, syncthing: SimulatedSyncthing) {
    self.device = device
    self.syncthing = syncthing
  }

  func read() throws(DomainError) -> SyncSnapshot {
    let folder = syncthing.folders[device]!
    guard let main = folder[Self.name]?.contents else { throw .storage("\(location) cannot be read") }
    copies = folder.filter { $0.key.contains(".sync-conflict-") && $0.value.contents != nil }
      .sorted { ($0.value.time, $0.key) < ($1.value.time, $1.key) }.map(\.key)
    return SyncSnapshot(versions: [main] + copies.map { folder[$0]!.contents! })
  }

  func prepare(_ contents: VaultContents) throws(DomainError) -> SyncCommit {
    SyncCommit(
      commit: { [self] () throws(DomainError) in syncthing.write(Self.name, contents, on: device) },
      discard: {})
  }

  func finish() throws(DomainError) {
    for copy in copies { syncthing.write(copy, nil, on: device) }
    copies = []
  }
}

/// A folder of Aegis automatic backups that a phone writes: the newest is read, one consumed
/// already is skipped.
final class SimulatedBackupFolder: SyncSource, @unchecked Sendable {
  let location = "/sync/aegis-backups"
  let isTwoWay = false
  let backups: [VaultContents]
  let lastConsumed: String?

  init(backups: [VaultContents], lastConsumed: String?) {
    self.backups = backups
    self.lastConsumed = lastConsumed
  }

  func read() throws(DomainError) -> SyncSnapshot {
    guard let newest = backups.last else { throw .storage("no Aegis backups in \(location)") }
    let consumed = "backup-\(backups.count)"
    if consumed == lastConsumed { return SyncSnapshot(versions: [], consumed: consumed) }
    return SyncSnapshot(versions: [newest], consumed: consumed)
  }

  func prepare(_ contents: VaultContents) throws(DomainError) -> SyncCommit {
    throw .storage("\(location) is never written")
  }

  func finish() throws(DomainError) {}
}

/// A simulated device: its vault, bases and kept versions, and its replica in the shared folder.
final class SimulatedDevice {
  let name: String
  let kept = SimulatedKept()
  let bases = SimulatedBases()
  let vault: SimulatedVault
  let ids: IdentifierSource

  init(name: String) {
    self.name = name
    ids = .counting(name)
    vault = SimulatedVault(VaultContents(), ids: ids, kept: kept)
  }

  /// Syncs with the shared file (when it is there) and, with `backups`, the phone's folder, in
  /// `order`; the reports, or the failure.
  func sync(
    syncthing: SimulatedSyncthing, backups: [VaultContents]?, backupsFirst: Bool
  ) throws(SyncVault.Failure) -> [SyncVault.SourceReport] {
    var sources: [any SyncSource] = [SimulatedSharedSource(device: name, syncthing: syncthing)]
    if let backups, !backups.isEmpty {
      let folder = SimulatedBackupFolder(
        backups: backups, lastConsumed: bases.consumed(from: "/sync/aegis-backups"))
      sources.insert(folder, at: backupsFirst ? 0 : 1)
    }
    let sync = SyncVault(repository: vault, bases: bases, kept: kept, ids: ids, vault: "/\(name)/vault.json")
    return try sync(sources, dryRun: false)
  }
}
