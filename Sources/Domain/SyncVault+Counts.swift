extension MergeReport.Counts {
  /// The accounts `after` adds to, changes in (by field, groups by name) and removes from
  /// `before`, by UUID: the counts of a sync that merged several versions in turn.
  public static func comparing(_ before: VaultContents, to after: VaultContents) -> MergeReport.Counts {
    let old = IndexedVault(before)
    let new = IndexedVault(after)
    var counts = MergeReport.Counts()
    for entry in new.entries {
      guard let previous = old[entry.id] else {
        counts.added += 1
        continue
      }
      if !entry.fields.changes(since: previous.fields).isEmpty { counts.changed += 1 }
    }
    counts.removed = old.entries.filter { new[$0.id] == nil }.count
    return counts
  }
}
