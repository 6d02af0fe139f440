import Synchronization

/// The kept versions as one sync consults them (sync.md "Two writers: which base"): which ids
/// are kept and readable, their contents (read once), whether a version still holds what its id
/// was kept with, and the base to merge each version against.
final class Ancestry: Sendable {
  private let store: (any KeptVersionStore)?
  private let state = Mutex<
    (ids: Set<VersionLineage.ID>?, contents: [VersionLineage.ID: VaultContents?], damaged: Int)
  >((nil, [:], 0))

  /// The versions kept in `store` (nil: none are).
  init(_ store: (any KeptVersionStore)?) { self.store = store }

  /// The ids kept, less those found unreadable.
  func keptIDs() -> Set<VersionLineage.ID> {
    if let ids = state.withLock({ $0.ids }) { return ids }
    let ids = store?.keptIDs() ?? []
    state.withLock { $0.ids = ids }
    return ids
  }

  /// A kept version's contents, read once; nil when it is not kept or is damaged (and then no
  /// longer counted as kept).
  func contents(of id: VersionLineage.ID) -> VaultContents? {
    if let known = state.withLock({ $0.contents[id] }) { return known }
    guard keptIDs().contains(id) else { return nil }
    let contents = store?.contents(of: id)
    state.withLock { state in
      state.contents[id] = .some(contents)
      if contents == nil {
        state.ids?.remove(id)
        state.damaged += 1
      }
    }
    return contents
  }

  /// How many kept versions were found damaged so far.
  func damagedCount() -> Int { state.withLock { $0.damaged } }

  /// Whether `version` carries an id this device kept with other contents (another program
  /// edited the file and kept the field): such a version has no ancestry.
  func isStale(_ version: VaultContents) -> Bool {
    guard let id = version.lineage?.id, keptIDs().contains(id), let kept = contents(of: id) else {
      return false
    }
    return !kept.holdsSame(as: version)
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
