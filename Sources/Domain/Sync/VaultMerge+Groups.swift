extension VaultMerge {
  /// The result's groups (sync.md "Groups"): every name a result account uses, and of the others
  /// those on both sides or new on one side since the base; our groups first, in our order, then
  /// theirs. A name keeps our group (and UUID) where we have it, else theirs; a UUID that an
  /// earlier group of the result holds is replaced by a fresh one.
  static func resultGroups(using entries: [MergeEntry], _ sides: Sides, ids: IdentifierSource)
    -> [AccountGroup]
  {
    let used = Set(entries.flatMap(\.groupNames))
    func stays(_ name: String) -> Bool {
      used.contains(name) || sides.base.group(named: name) == nil
        || (sides.ours.group(named: name) != nil && sides.theirs.group(named: name) != nil)
    }
    let candidates =
      sides.ours.groups.filter { stays($0.name) }
      + sides.theirs.groups.filter { sides.ours.group(named: $0.name) == nil && stays($0.name) }
    var held: Set<AccountGroup.ID> = []
    return candidates.map { group in
      var group = group
      if held.contains(group.id) { group.id = AccountGroup.ID(ids.next()) }
      held.insert(group.id)
      return group
    }
  }
}
