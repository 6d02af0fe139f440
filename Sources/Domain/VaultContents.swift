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

  /// Whether `other` holds the same accounts, groups and other fields, whatever the versions'
  /// lineage: what decides whether a sync changes a file.
  public func holdsSame(as other: VaultContents) -> Bool {
    accounts == other.accounts && groups == other.groups && preserved == other.preserved
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
