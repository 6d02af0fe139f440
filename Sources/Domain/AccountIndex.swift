/// What a QUERY looks accounts up by, built once for a list of accounts (the agent keeps one
/// per version of the vault file): each id, each exact `issuer:name`, and each issuer and name
/// folded for the substring search. An id or an exact label is found without a pass over the
/// accounts; a substring is a pass over text folded beforehand.
public struct AccountIndex: Sendable {
  /// The accounts, in the vault's order.
  public let accounts: [Account]
  private let ids: [String: Int]
  private let labels: [String: [Int]]
  private let folded: [(issuer: String, name: String)]

  /// Indexes `accounts`.
  public init(_ accounts: [Account]) {
    self.accounts = accounts
    var ids: [String: Int] = [:]
    var labels: [String: [Int]] = [:]
    ids.reserveCapacity(accounts.count)
    labels.reserveCapacity(accounts.count)
    for (index, account) in accounts.enumerated() {
      if ids[account.id.rawValue] == nil { ids[account.id.rawValue] = index }
      labels[account.issuer + ":" + account.name, default: []].append(index)
    }
    self.ids = ids
    self.labels = labels
    folded = accounts.map { (TextFolding.fold($0.issuer), TextFolding.fold($0.name)) }
  }

  /// The position of the account with `id`, if any.
  public func position(of id: Account.ID) -> Int? { ids[id.rawValue] }

  /// The accounts `query` selects, in display order: the account whose id is the query
  /// (ignoring case), else those whose `issuer:name` it is exactly, else those whose issuer or
  /// name holds it, ignoring case and diacritics (`AccountQuery.matches(in:)`).
  public func matches(_ query: AccountQuery) -> [Account] {
    if let exact = ids[query.text.lowercased()] { return [accounts[exact]] }
    if let labelled = labels[query.text] { return ListAccounts.sorted(labelled.map { accounts[$0] }) }
    let needle = TextFolding.fold(query.text)
    var found: [Account] = []
    for (index, text) in folded.enumerated()
    where TextFolding.occurs(needle, in: text.issuer) || TextFolding.occurs(needle, in: text.name) {
      found.append(accounts[index])
    }
    return ListAccounts.sorted(found)
  }
}
