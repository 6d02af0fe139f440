/// Everything a vault holds once opened.
public struct VaultContents: Hashable, Sendable {
  /// Accounts in stored order.
  public var accounts: [Account]
  /// Groups in stored order.
  public var groups: [AccountGroup]
  /// Top-level fields Twofold does not interpret.
  public var preserved: [PreservedField]

  /// Creates contents.
  public init(accounts: [Account] = [], groups: [AccountGroup] = [], preserved: [PreservedField] = []) {
    self.accounts = accounts
    self.groups = groups
    self.preserved = preserved
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
