/// A version stored as what changed since another (sync.md: the kept versions store changes,
/// not copies): the accounts added or changed, those removed, the whole groups and top-level
/// fields, and the order only when applying the changes would not give it.
public struct VersionChanges: Hashable, Sendable {
  /// Accounts new or changed since the parent, in the version's order.
  public var accounts: [Account]
  /// Accounts of the parent the version no longer has.
  public var removed: [Account.ID]
  /// Every account id in order, when `applying` would not give the version's order; else nil.
  public var order: [Account.ID]?
  /// The version's groups (whole: they are few).
  public var groups: [AccountGroup]
  /// The version's top-level fields Twofold does not interpret.
  public var preserved: [PreservedField]
  /// The version's lineage.
  public var lineage: VersionLineage?

  /// Changes as stored.
  public init(
    accounts: [Account], removed: [Account.ID], order: [Account.ID]?, groups: [AccountGroup],
    preserved: [PreservedField], lineage: VersionLineage?
  ) {
    self.accounts = accounts
    self.removed = removed
    self.order = order
    self.groups = groups
    self.preserved = preserved
    self.lineage = lineage
  }

  /// What turns `parent` into `version`.
  public init(from parent: VaultContents, to version: VaultContents) {
    var previous: [Account.ID: Account] = [:]
    for account in parent.accounts { previous[account.id] = account }
    let present = Set(version.accounts.map(\.id))
    accounts = version.accounts.filter { previous[$0.id] != $0 }
    removed = parent.accounts.map(\.id).filter { !present.contains($0) }
    order = nil
    groups = version.groups
    preserved = version.preserved
    lineage = version.lineage
    if applying(to: parent).map(\.accounts) != version.accounts { order = version.accounts.map(\.id) }
  }

  /// `parent` with these changes: removed accounts dropped, changed ones replaced in place, new
  /// ones appended in order (or arranged by `order`); nil when `order` names an account that
  /// neither side has.
  public func applying(to parent: VaultContents) -> VaultContents? {
    let gone = Set(removed)
    var changed: [Account.ID: Account] = [:]
    for account in accounts { changed[account.id] = account }
    var result: [Account] = []
    result.reserveCapacity(parent.accounts.count + accounts.count)
    var placed: Set<Account.ID> = []
    for account in parent.accounts where !gone.contains(account.id) {
      result.append(changed[account.id] ?? account)
      placed.insert(account.id)
    }
    for account in accounts where !placed.contains(account.id) { result.append(account) }
    if let order {
      var byID: [Account.ID: Account] = [:]
      for account in result { byID[account.id] = account }
      var arranged: [Account] = []
      arranged.reserveCapacity(order.count)
      for id in order {
        guard let account = byID[id] else { return nil }
        arranged.append(account)
      }
      guard arranged.count == result.count else { return nil }
      result = arranged
    }
    return VaultContents(accounts: result, groups: groups, preserved: preserved, lineage: lineage)
  }
}
