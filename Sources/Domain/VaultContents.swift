/// Everything a vault holds once opened.
public struct VaultContents: Hashable, Sendable {
  /// Accounts in stored order.
  public var accounts: [Account]
  /// Groups in stored order.
  public var groups: [AccountGroup]
  /// Top-level fields Twofold does not interpret.
  public var preserved: [PreservedField]
  /// Which version this is and what it descends from (sync.md "Two writers: which base");
  /// nil for a file no Twofold wrote (or whose `twofold_sync` does not read).
  public var lineage: VersionLineage?

  /// Creates contents.
  public init(
    accounts: [Account] = [], groups: [AccountGroup] = [], preserved: [PreservedField] = [],
    lineage: VersionLineage? = nil
  ) {
    self.accounts = accounts
    self.groups = groups
    self.preserved = preserved
    self.lineage = lineage
  }

  /// Whether `other` holds the same as this by sync.md's rules ("What is compared"): the same
  /// other fields, the same accounts by UUID with the same fields, their groups by name, and the
  /// same group names; whatever the versions' lineage, the order of accounts and groups, and the
  /// groups' UUIDs. What decides whether a sync changes a file: order is no change (each device
  /// keeps its own, sync.md "Order"), nor is a UUID two devices gave one group name apart, so
  /// converged devices never rewrite the shared file.
  public func holdsSame(as other: VaultContents) -> Bool {
    guard preserved == other.preserved else { return false }
    if accounts == other.accounts && groups == other.groups { return true }
    if Self.sameIgnoringOrder(accounts, other.accounts, by: \.id)
      && Self.sameIgnoringOrder(groups, other.groups, by: \.id)
    {
      return true
    }
    // By name only where the two name a group with different UUIDs: with the same UUID for
    // every name, comparing by UUID above was already comparing by name.
    guard groups.count == other.groups.count, Set(groups.map(\.name)) == Set(other.groups.map(\.name)),
      Set(groups.map { GroupKey(id: $0.id, name: $0.name) })
        != Set(other.groups.map { GroupKey(id: $0.id, name: $0.name) })
    else { return false }
    return Self.sameIgnoringOrder(accountsWithGroupNames(), other.accountsWithGroupNames(), by: \.id)
  }

  /// A group's UUID and name, without its other fields.
  private struct GroupKey: Hashable {
    let id: AccountGroup.ID
    let name: String
  }

  /// The accounts with each group UUID replaced by the group's name, sorted (an unknown UUID
  /// stays itself, marked so that it cannot equal a name).
  private func accountsWithGroupNames() -> [Account] {
    var names: [AccountGroup.ID: String] = [:]
    for group in groups where names[group.id] == nil { names[group.id] = group.name }
    return accounts.map { account in
      guard !account.groups.isEmpty else { return account }
      var renamed = account
      renamed.groups = account.groups.map { AccountGroup.ID(names[$0].map { "name:" + $0 } ?? $0.rawValue) }
        .sorted { $0.rawValue < $1.rawValue }
      return renamed
    }
  }

  /// Whether `first` and `second` hold equal elements, matched by `key`, in any order (in the
  /// same order only, when `first` repeats a key).
  private static func sameIgnoringOrder<Element: Equatable, Key: Hashable>(
    _ first: [Element], _ second: [Element], by key: KeyPath<Element, Key>
  ) -> Bool {
    guard first.count == second.count else { return false }
    var byKey: [Key: Element] = [:]
    byKey.reserveCapacity(first.count)
    for element in first where byKey.updateValue(element, forKey: element[keyPath: key]) != nil {
      return first == second
    }
    for element in second {
      guard let match = byKey.removeValue(forKey: element[keyPath: key]), match == element else {
        return false
      }
    }
    return true
  }

  /// The index of the account with `id`.
  public func index(of id: Account.ID) throws(DomainError) -> Int {
    guard let index = accounts.firstIndex(where: { $0.id == id }) else { throw .notFound(id.rawValue) }
    return index
  }

  /// The names of an account's groups, in the vault's group order.
  public func groupNames(of account: Account) -> [String] {
    groups.filter { account.groups.contains($0.id) }.map(\.name)
  }
}
