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
    let names = GroupNames(contents.groups)
    var groups: [AccountGroup] = []
    var groupsByName: [String: AccountGroup] = [:]
    for group in contents.groups where groupsByName[group.name] == nil {
      groupsByName[group.name] = group
      groups.append(group)
    }
    var entries: [MergeEntry] = []
    var positions: [Account.ID: Int] = [:]
    entries.reserveCapacity(contents.accounts.count)
    positions.reserveCapacity(contents.accounts.count)
    for account in contents.accounts where positions[account.id] == nil {
      positions[account.id] = entries.count
      entries.append(MergeEntry(account, groupNames: names.of(account)))
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

/// The names of an account's groups in its vault: the first group of each UUID names it.
struct GroupNames {
  private let nameOfID: [AccountGroup.ID: String]

  init(_ groups: [AccountGroup]) {
    var nameOfID: [AccountGroup.ID: String] = [:]
    for group in groups where nameOfID[group.id] == nil { nameOfID[group.id] = group.name }
    self.nameOfID = nameOfID
  }

  /// The names of `account`'s groups, in the order of its group ids, without repeats.
  func of(_ account: Account) -> [String] {
    var names: [String] = []
    for name in account.groups.compactMap({ nameOfID[$0] }) where !names.contains(name) {
      names.append(name)
    }
    return names
  }
}

/// Where the first account of each UUID stands in a vault's list (what `IndexedVault` counts,
/// without making an entry of each).
struct AccountPositions {
  private let positions: [Account.ID: Int]

  init(_ accounts: [Account]) {
    var positions: [Account.ID: Int] = [:]
    positions.reserveCapacity(accounts.count)
    for (index, account) in accounts.enumerated() where positions[account.id] == nil {
      positions[account.id] = index
    }
    self.positions = positions
  }

  /// The position of the first account with UUID `id`.
  subscript(id: Account.ID) -> Int? { positions[id] }

  /// Whether the account at `index` of `accounts` is the first of its UUID.
  func isFirst(_ index: Int, in accounts: [Account]) -> Bool { positions[accounts[index].id] == index }
}
