/// Resolves the command line's QUERY: an exact id, else an exact `issuer:name`, else a
/// case- and diacritic-insensitive substring of issuer or name.
public struct AccountQuery: Equatable, Sendable {
  /// The text as typed.
  public var text: String

  /// Wraps query text.
  public init(_ text: String) { self.text = text }

  /// Every account the query selects, in display order (for `list QUERY`): the rule of
  /// `AccountIndex.matches(_:)`, over accounts indexed for this one query.
  public func matches(in accounts: [Account]) -> [Account] {
    AccountIndex(accounts).matches(self)
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
