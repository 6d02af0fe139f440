extension MergeReport {
  /// The report of a source whose versions were merged in turn (or not at all): `events` (the
  /// merges' conflict, kept and same-account lines) and, for each side, the accounts it gains,
  /// sees changed and loses between what it was before the sync and what it becomes, so the
  /// lines and the counts always agree (sync.md "The report's counts").
  static func comparing(
    events: [MergeChange], local: (before: VaultContents, after: VaultContents),
    remote: (before: VaultContents, after: VaultContents)
  ) -> MergeReport {
    var changes = events
    for (side, pair) in [(MergeSide.local, local), (.remote, remote)] {
      let old = IndexedVault(pair.before)
      let new = IndexedVault(pair.after)
      for entry in new.entries {
        let label = entry.account.label
        guard let before = old[entry.id] else {
          changes.append(.added(side, label: label))
          continue
        }
        let fields = entry.changes(since: before)
        if !fields.isEmpty { changes.append(.changed(side, label: label, fields: fields)) }
      }
      for entry in old.entries where new[entry.id] == nil {
        changes.append(.removed(side, label: entry.account.label))
      }
    }
    return MergeReport(
      changes: changes, local: Counts(changes, on: .local), remote: Counts(changes, on: .remote),
      conflicts: events.filter { if case .conflict = $0 { true } else { false } }.count)
  }

  /// The lines of a merge that are not counts: conflicts, accounts kept after a deletion, and
  /// accounts added on both sides.
  var events: [MergeChange] {
    changes.filter { change in
      switch change {
      case .added, .changed, .removed: false
      case .conflict, .keptAfterDeletion, .sameAccount: true
      }
    }
  }
}
