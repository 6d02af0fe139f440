import OTP

/// Lists accounts in display order (favorites first, then issuer, then name, ignoring case and
/// diacritics), optionally narrowed by search text and a group.
public struct ListAccounts: Sendable {
  let repository: any VaultRepository

  /// Creates the use case.
  public init(repository: any VaultRepository) { self.repository = repository }

  /// The accounts matching `filter`, in display order.
  public func callAsFunction(_ filter: AccountFilter = AccountFilter()) throws(DomainError) -> [Account] {
    let contents = try repository.load()
    return Self.sorted(filter.apply(to: contents))
  }

  /// Display order: favorites first, then issuer, then name, then id for stability (or as `order` says).
  public static func sorted(_ accounts: [Account], by order: AppSettings.SortOrder = .issuer) -> [Account] {
    // The keys are sorted by index, so the accounts themselves are copied once, not at each move.
    switch order {
    case .issuer:
      let keys = accounts.map { SortKey($0) }
      return keys.indices.sorted { keys[$0] < keys[$1] }.map { accounts[$0] }
    case .name:
      let keys = accounts.map { SortKey(byName: $0) }
      return keys.indices.sorted { keys[$0] < keys[$1] }.map { accounts[$0] }
    case .vault:
      return accounts.filter(\.favorite) + accounts.filter { !$0.favorite }
    }
  }

  struct SortKey: Comparable {
    let favorite: Bool
    let issuer: String
    let name: String
    let id: Account.ID

    init(_ account: Account) {
      favorite = account.favorite
      issuer = TextFolding.fold(account.issuer)
      name = TextFolding.fold(account.name)
      id = account.id
    }

    /// Name before issuer.
    init(byName account: Account) {
      favorite = account.favorite
      issuer = TextFolding.fold(account.name)
      name = TextFolding.fold(account.issuer)
      id = account.id
    }

    static func < (lhs: SortKey, rhs: SortKey) -> Bool {
      if lhs.favorite != rhs.favorite { return lhs.favorite }
      if lhs.issuer != rhs.issuer { return lhs.issuer < rhs.issuer }
      if lhs.name != rhs.name { return lhs.name < rhs.name }
      return lhs.id < rhs.id
    }
  }
}

/// Search text over issuer, name, note and group names, and an optional group.
public struct AccountFilter: Equatable, Sendable {
  /// Text every match contains somewhere, ignoring case and diacritics; empty matches all.
  public var text: String
  /// Only accounts in this group, when set.
  public var group: AccountGroup.ID?

  /// Creates a filter.
  public init(text: String = "", group: AccountGroup.ID? = nil) {
    self.text = text
    self.group = group
  }

  /// The accounts of `contents` that match.
  public func apply(to contents: VaultContents) -> [Account] {
    let needle = TextFolding.fold(String(text.trimmingWhitespace()))
    return contents.accounts.filter { account in
      if let group, !account.groups.contains(group) { return false }
      if needle.isEmpty { return true }
      let fields = [account.issuer, account.name, account.note] + contents.groupNames(of: account)
      return fields.contains { TextFolding.contains($0, folded: needle) }
    }
  }
}
