extension MergeReport {
  /// The report of a merge: the merge's own lines and, for each side, the accounts the result
  /// adds, changes (by field, groups by name) and removes, by UUID (sync.md "The report's counts").
  init(_ merged: [VaultMerge.Merged], ours: IndexedVault, theirs: IndexedVault) {
    let sides: [(MergeSide, IndexedVault)] = [(.local, ours), (.remote, theirs)]
    var changes: [MergeChange] = []
    for item in merged {
      changes += item.events
      let label = item.entry.account.label
      for (side, vault) in sides {
        guard let before = vault[item.entry.id] else {
          changes.append(.added(side, label: label))
          continue
        }
        let fields = item.entry.changes(since: before)
        if !fields.isEmpty { changes.append(.changed(side, label: label, fields: fields)) }
      }
    }
    let result = Set(merged.map(\.entry.id))
    for (side, vault) in sides {
      for entry in vault.entries where !result.contains(entry.id) {
        changes.append(.removed(side, label: entry.account.label))
      }
    }
    self.init(
      changes: changes, local: Counts(changes, on: .local), remote: Counts(changes, on: .remote),
      conflicts: Self.conflictCount(changes))
  }
}

extension MergeReport {
  /// The report of a merge's own lines only (conflicts, kept and joined accounts), uncounted.
  init(events: [MergeChange]) {
    self.init(
      changes: events, conflicts: Self.conflictCount(events))
  }
}

extension MergeReport {
  /// How many of `changes` are conflict lines.
  static func conflictCount(_ changes: [MergeChange]) -> Int {
    changes.filter { if case .conflict = $0 { true } else { false } }.count
  }
}

extension MergeReport.Counts {
  /// Counts the added, changed and removed lines of `side`.
  init(_ changes: [MergeChange], on side: MergeSide) {
    self.init()
    for change in changes {
      switch change {
      case .added(side, _): added += 1
      case .changed(side, _, _): changed += 1
      case .removed(side, _): removed += 1
      default: break
      }
    }
  }
}
