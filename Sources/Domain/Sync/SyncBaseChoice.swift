/// Which base a version is merged against (sync.md "Two writers: which base"): a pure function
/// of our lineage, theirs and what this device kept. Every doubtful case chooses the older
/// base, which can only bring back a deleted entry, never lose one.
public enum SyncBaseChoice: Equatable, Sendable {
  /// Their version is ours or one of our ancestors: it adds nothing.
  case included
  /// Merge against this kept version, the nearest of our ancestry that theirs descends from.
  case kept(VersionLineage.ID)
  /// No common ancestor is kept (or a side has no ancestry): the source's current base, else none.
  case current

  /// The choice for merging `theirs` into `ours`. `kept` are the ids whose contents this
  /// device kept (and can read); `stale` those whose kept contents differ from the version
  /// that carries the id now (another program edited the file and kept the field): such a
  /// version has no ancestry.
  public static func choose(
    ours: VersionLineage?, theirs: VersionLineage?, kept: Set<VersionLineage.ID>,
    stale: Set<VersionLineage.ID> = []
  ) -> SyncBaseChoice {
    guard let ours, let theirs, !stale.contains(ours.id), !stale.contains(theirs.id) else { return .current }
    if ours.includes(theirs.id) { return .included }
    for candidate in [ours.id] + ours.ancestors where kept.contains(candidate) && theirs.includes(candidate) {
      return .kept(candidate)
    }
    return .current
  }
}
