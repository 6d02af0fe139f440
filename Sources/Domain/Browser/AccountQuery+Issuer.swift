extension AccountQuery {
  /// The one account of `found` (what `matches` gave) that `browser bind` binds: where several
  /// match, the one whose issuer is the query itself, ignoring case (`GitHub` is GitHub's
  /// account, not `someone.github.io`'s, whose name also holds "github"); none or several such
  /// is an error as `select(among:)` says.
  public func selectPreferringIssuer(among found: [Account]) throws(DomainError) -> Account {
    guard found.count > 1 else { return try select(among: found) }
    let wanted = text.lowercased()
    let exact = found.filter { $0.issuer.lowercased() == wanted }
    return try select(among: exact.isEmpty ? found : exact)
  }
}
