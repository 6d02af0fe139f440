import Synchronization

/// The kept versions as one sync consults them (sync.md "Two writers: which base"): which ids
/// are kept and readable, their contents (read once), whether a version still holds what its id
/// was kept with, and the base to merge each version against.
final class Ancestry: Sendable {
  /// What one sync learned of the kept versions.
  private struct State {
    /// The ids kept, less those found damaged; nil before the store is asked.
    var ids: Set<VersionLineage.ID>?
    /// Contents read (nil inside: damaged).
    var contents: [VersionLineage.ID: VaultContents?] = [:]
    /// The ids found damaged.
    var damaged: Set<VersionLineage.ID> = []
    /// Versions known to be what their id says without the store (ours, read whole this sync).
    var vouched: [VersionLineage.ID: VaultContents] = [:]

    /// Records `id` as damaged: no longer kept, no contents.
    mutating func markDamaged(_ id: VersionLineage.ID) {
      ids?.remove(id)
      contents[id] = .some(nil)
      damaged.insert(id)
    }
  }

  private let store: (any KeptVersionStore)?
  private let state = Mutex(State())

  /// The versions kept in `store` (nil: none are).
  init(_ store: (any KeptVersionStore)?) { self.store = store }

  /// Takes `version` (ours, read whole) as what its id is, whatever the store holds for it: a
  /// version carrying the same id is compared with it, and it serves as that id's contents
  /// when its kept copy is damaged.
  func vouch(for version: VaultContents) {
    guard let id = version.lineage?.id else { return }
    state.withLock { $0.vouched[id] = version }
  }

  /// The ids kept, less those found unreadable, and those vouched for.
  func keptIDs() -> Set<VersionLineage.ID> {
    let (known, vouched) = state.withLock { ($0.ids, $0.vouched) }
    if let known { return known.union(vouched.keys) }
    let ids = store?.keptIDs() ?? []
    state.withLock { $0.ids = ids }
    return ids.union(vouched.keys)
  }

  /// A kept version's contents, read once; nil when it is not kept or is damaged (and then no
  /// longer counted as kept).
  func contents(of id: VersionLineage.ID) -> VaultContents? {
    if let vouched = state.withLock({ $0.vouched[id] }) { return vouched }
    if let known = state.withLock({ $0.contents[id] }) { return known }
    guard keptIDs().contains(id) else { return nil }
    let contents = store?.contents(of: id)
    state.withLock { state in
      state.contents[id] = .some(contents)
      if contents == nil { state.markDamaged(id) }
    }
    return contents
  }

  /// How many kept versions were found damaged so far.
  func damagedCount() -> Int { state.withLock { $0.damaged.count } }

  /// Whether `version` carries an id this device kept with other contents (another program
  /// edited the file and kept the field): such a version has no ancestry.
  func isStale(_ version: VaultContents) -> Bool {
    guard let id = version.lineage?.id else { return false }
    if let vouched = state.withLock({ $0.vouched[id] }) { return !vouched.holdsSame(as: version) }
    guard keptIDs().contains(id) else { return false }
    if let known = state.withLock({ $0.contents[id] }) {
      return known.map { !$0.holdsSame(as: version) } ?? false
    }
    // Compared with the version read whole from its file: no fingerprint needed when they match.
    guard let same = store?.holds(id, sameAs: version) else {
      state.withLock { $0.markDamaged(id) }
      return false
    }
    return !same
  }

  /// `version`'s lineage unless it has none or is stale.
  func trusted(_ version: VaultContents) -> VersionLineage? {
    isStale(version) ? nil : version.lineage
  }

  /// The base for merging `version` into a result whose lineage is `ours`, passing over kept
  /// versions that turn out damaged (towards older ones).
  func choose(ours: VersionLineage, theirs version: VaultContents) -> SyncBaseChoice {
    let stale: Set<VersionLineage.ID> = isStale(version) ? [version.lineage!.id] : []
    var kept = keptIDs()
    while true {
      let choice = SyncBaseChoice.choose(ours: ours, theirs: version.lineage, kept: kept, stale: stale)
      guard case .kept(let id) = choice, contents(of: id) == nil else { return choice }
      kept.remove(id)
    }
  }
}
