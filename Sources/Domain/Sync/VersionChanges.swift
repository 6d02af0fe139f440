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

  /// What turns `parent` into `version`; nil when an account id repeats on either side, which
  /// changes keyed by id cannot express (such a version is kept whole).
  public init?(from parent: VaultContents, to version: VaultContents) {
    var previous: [Account.ID: Int] = [:]
    previous.reserveCapacity(parent.accounts.count)
    for (index, account) in parent.accounts.enumerated() { previous[account.id] = index }
    let present = Set(version.accounts.map(\.id))
    guard previous.count == parent.accounts.count, present.count == version.accounts.count else { return nil }
    accounts = version.accounts.filter { account in
      previous[account.id].map { parent.accounts[$0] != account } ?? true
    }
    removed = parent.accounts.map(\.id).filter { !present.contains($0) }
    order =
      Self.keepsOrder(parent, version, previous: previous, present: present)
      ? nil : version.accounts.map(\.id)
    groups = version.groups
    preserved = version.preserved
    lineage = version.lineage
  }

  /// Whether `applying` gives `version`'s order (no id repeats on either side): the parent's
  /// accounts that stay, in its order, then the new ones in the version's order.
  private static func keepsOrder(
    _ parent: VaultContents, _ version: VaultContents, previous: [Account.ID: Int], present: Set<Account.ID>
  ) -> Bool {
    var position = version.accounts.startIndex
    for account in parent.accounts where present.contains(account.id) {
      guard version.accounts[position].id == account.id else { return false }
      position += 1
    }
    for account in version.accounts[position...] where previous[account.id] != nil { return false }
    return true
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
