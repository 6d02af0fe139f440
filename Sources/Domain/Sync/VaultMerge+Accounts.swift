extension VaultMerge {
  /// The result's accounts (sync.md "Order"): ours in our order, each secret-conflict copy right
  /// after our account, then those only theirs holds, in their order.
  static func mergedAccounts(_ sides: Sides, ids: IdentifierSource) -> [Merged] {
    let joined = sameAccounts(sides)
    let joinedTheirs = Set(joined.values.flatMap { $0.map(\.id) })
    var merged: [Merged] = []
    merged.reserveCapacity(sides.ours.entries.count + sides.theirs.entries.count)
    for ours in sides.ours.entries {
      if let theirs = sides.theirs[ours.id] {
        let merge = EntryMerge(base: sides.base[ours.id], ours: ours, theirs: theirs, ids: ids)
        let label = merge.result.account.label
        merged.append(
          Merged(
            entry: merge.result,
            events: merge.conflicts.map {
              .conflict(label: label, field: $0, resolution: $0 == .secret ? .bothKept : .oursKept)
            },
            oursKept: merge.conflicts.filter { $0 != .secret }))
        if let copy = merge.copy { merged.append(Merged(entry: copy)) }
      } else if let base = sides.base[ours.id] {
        merged += kept(ours, deletedOn: .remote, base: base)
      } else if let others = joined[ours.id] {
        let otp = others.reduce(ours.account.otp) { largerCounter($0, $1.account.otp) }
        var account = ours.account
        account.otp = otp
        merged.append(Merged(entry: ours.with(account), events: [.sameAccount(label: account.label)]))
      } else {
        merged.append(Merged(entry: ours))
      }
    }
    for theirs in sides.theirs.entries where sides.ours[theirs.id] == nil {
      if let base = sides.base[theirs.id] {
        merged += kept(theirs, deletedOn: .local, base: base)
      } else if !joinedTheirs.contains(theirs.id) {
        merged.append(Merged(entry: theirs))
      }
    }
    return merged
  }

  /// An account the other side deleted: it stays, as it is, if this side changed a field of it
  /// since the base (sync.md "Conflicts and deletions").
  private static func kept(_ entry: MergeEntry, deletedOn side: MergeSide, base: MergeEntry) -> [Merged] {
    let changed = entry.changes(since: base)
    guard !changed.isEmpty else { return [] }
    return [
      Merged(
        entry: entry,
        events: [.keptAfterDeletion(label: entry.account.label, deletedOn: side, changed: changed)])
    ]
  }
}
