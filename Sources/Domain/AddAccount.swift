/// Adds an account: trims the label, requires an issuer or a name, refuses a duplicate, and
/// creates the named groups that do not exist yet.
public struct AddAccount: Sendable {
  let repository: any VaultRepository
  let ids: IdentifierSource

  /// Creates the use case over a repository and an identifier source.
  public init(repository: any VaultRepository, ids: IdentifierSource) {
    self.repository = repository
    self.ids = ids
  }

  /// Adds `new` and returns the stored account.
  @discardableResult
  public func callAsFunction(_ new: NewAccount) throws(DomainError) -> Account {
    try repository.update { (contents) throws(DomainError) in
      try Self.add(new, to: &contents, ids: ids)
    }
  }

  /// Adds `new` to `contents` in place; shared with imports, which add many in one save.
  public static func add(
    _ new: NewAccount, to contents: inout VaultContents, ids: IdentifierSource
  ) throws(DomainError) -> Account {
    let issuer = String(new.issuer.trimmingWhitespace())
    let name = String(new.name.trimmingWhitespace())
    guard !issuer.isEmpty || !name.isEmpty else {
      throw .invalidField(.name, "an issuer or a name is required")
    }
    var account = Account(
      id: Account.ID(ids.next()), issuer: issuer, name: name, otp: new.otp, note: new.note,
      favorite: new.favorite)
    if contents.accounts.contains(where: { account.isDuplicate(of: $0) }) {
      throw .duplicate(label: account.label)
    }
    account.groups = try ManageGroups.groupIDs(named: new.groupNames, in: &contents, ids: ids)
    contents.accounts.append(account)
    return account
  }
}
