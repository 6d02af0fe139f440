/// One side of a merge, indexed: its accounts by UUID and its groups by name.
///
/// Only the first account of a UUID and the first group of a name count; a vault holding more
/// (which Aegis does not write) merges as if the later ones were not there.
struct IndexedVault {
  let entries: [MergeEntry]
  /// The first group of each name, in stored order.
  let groups: [AccountGroup]
  private let positions: [Account.ID: Int]
  private let groupsByName: [String: AccountGroup]

  init(_ contents: VaultContents) {
    var nameOfID: [AccountGroup.ID: String] = [:]
    var groups: [AccountGroup] = []
    var groupsByName: [String: AccountGroup] = [:]
    for group in contents.groups {
      if nameOfID[group.id] == nil { nameOfID[group.id] = group.name }
      if groupsByName[group.name] == nil {
        groupsByName[group.name] = group
        groups.append(group)
      }
    }
    var entries: [MergeEntry] = []
    var positions: [Account.ID: Int] = [:]
    for account in contents.accounts where positions[account.id] == nil {
      var names: [String] = []
      for name in account.groups.compactMap({ nameOfID[$0] }) where !names.contains(name) {
        names.append(name)
      }
      positions[account.id] = entries.count
      entries.append(MergeEntry(account, groupNames: names))
    }
    self.entries = entries
    self.positions = positions
    self.groups = groups
    self.groupsByName = groupsByName
  }

  /// The entry with UUID `id`.
  subscript(id: Account.ID) -> MergeEntry? { positions[id].map { entries[$0] } }

  /// The group called `name` (case-sensitive).
  func group(named name: String) -> AccountGroup? { groupsByName[name] }
}
