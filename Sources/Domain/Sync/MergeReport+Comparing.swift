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
      let (before, after) = (pair.before.accounts, pair.after.accounts)
      let old = AccountPositions(before)
      let new = AccountPositions(after)
      // With the same groups, an equal account has no field changed: most of a sync's.
      let sameGroups = pair.before.groups == pair.after.groups
      let (oldNames, newNames) = (GroupNames(pair.before.groups), GroupNames(pair.after.groups))
      for index in after.indices where new.isFirst(index, in: after) {
        let account = after[index]
        guard let position = old[account.id] else {
          changes.append(.added(side, label: account.label))
          continue
        }
        if sameGroups && before[position] == account { continue }
        let fields = MergeEntry(account, groupNames: newNames.of(account)).changes(
          since: MergeEntry(before[position], groupNames: oldNames.of(before[position])))
        if !fields.isEmpty { changes.append(.changed(side, label: account.label, fields: fields)) }
      }
      for index in before.indices where old.isFirst(index, in: before) && new[before[index].id] == nil {
        changes.append(.removed(side, label: before[index].label))
      }
    }
    return MergeReport(
      changes: changes, local: Counts(changes, on: .local), remote: Counts(changes, on: .remote),
      conflicts: conflictCount(events))
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
