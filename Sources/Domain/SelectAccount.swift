/// Resolves the command line's QUERY: an exact id, else an exact `issuer:name`, else a
/// case- and diacritic-insensitive substring of issuer or name.
public struct AccountQuery: Equatable, Sendable {
  /// The text as typed.
  public var text: String

  /// Wraps query text.
  public init(_ text: String) { self.text = text }

  /// Every account the query selects, in display order (for `list QUERY`).
  public func matches(in accounts: [Account]) -> [Account] {
    let id = text.lowercased()
    if let exact = accounts.first(where: { $0.id.rawValue == id }) { return [exact] }
    let labelled = accounts.filter { Self.isLabel(text, of: $0) }
    if !labelled.isEmpty { return ListAccounts.sorted(labelled) }
    let needle = TextFolding.fold(text)
    return ListAccounts.sorted(
      accounts.filter {
        TextFolding.contains($0.issuer, folded: needle) || TextFolding.contains($0.name, folded: needle)
      })
  }

  /// Whether `text` is exactly `issuer:name` of `account`, checked without building the label
  /// (a query runs over every account of the vault).
  static func isLabel(_ text: String, of account: Account) -> Bool {
    let issuer = account.issuer.utf8
    let name = account.name.utf8
    let whole = text.utf8
    guard whole.count == issuer.count + 1 + name.count else { return false }
    return whole.starts(with: issuer) && whole.dropFirst(issuer.count).first == UInt8(ascii: ":")
      && whole.dropFirst(issuer.count + 1).elementsEqual(name)
  }

  /// The one account the query selects; none or several is an error listing the candidates.
  public func select(in accounts: [Account]) throws(DomainError) -> Account {
    try select(among: matches(in: accounts))
  }

  /// The one account of `found` (what `matches` gave); none or several is an error.
  public func select(among found: [Account]) throws(DomainError) -> Account {
    guard !found.isEmpty else { throw .notFound(text) }
    guard found.count == 1 else {
      throw .ambiguous(text, candidates: found.map { "\($0.label) (\($0.id.rawValue))" })
    }
    return found[0]
  }
}
