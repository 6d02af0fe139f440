import OTP

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
    try repository.perform(.add(new), ids: ids).account()
  }

  /// Adds `new` to `contents` in place; shared with imports, which add many in one save and
  /// pass a `DuplicateIndex` of the contents so each check is a lookup, not a scan.
  public static func add(
    _ new: NewAccount, to contents: inout VaultContents, ids: IdentifierSource,
    index: inout DuplicateIndex
  ) throws(DomainError) -> Account {
    let issuer = String(new.issuer.trimmingWhitespace())
    let name = String(new.name.trimmingWhitespace())
    guard !issuer.isEmpty || !name.isEmpty else {
      throw .invalidField(.name, "an issuer or a name is required")
    }
    var account = Account(
      id: Account.ID(ids.next()), issuer: issuer, name: name, otp: new.otp, note: new.note,
      favorite: new.favorite)
    guard !index.contains(account) else { throw .duplicate(label: account.label) }
    account.groups = try ManageGroups.groupIDs(named: new.groupNames, in: &contents, ids: ids)
    contents.accounts.append(account)
    index.insert(account)
    return account
  }

  /// Adds one account to `contents`.
  public static func add(
    _ new: NewAccount, to contents: inout VaultContents, ids: IdentifierSource
  ) throws(DomainError) -> Account {
    var index = DuplicateIndex(contents.accounts)
    return try add(new, to: &contents, ids: ids, index: &index)
  }
}

/// The accounts of a vault keyed by what makes two of them the same account: the secret, and
/// the issuer and name ignoring case and diacritics (`Account.isDuplicate(of:)`).
public struct DuplicateIndex: Sendable {
  private struct Key: Hashable {
    let secret: [UInt8]
    let issuer: String
    let name: String

    init(_ account: Account) {
      secret = account.otp.secret
      issuer = TextFolding.fold(account.issuer)
      name = TextFolding.fold(account.name)
    }
  }

  private var keys: Set<Key>

  /// Indexes `accounts`.
  public init(_ accounts: [Account]) { keys = Set(accounts.map(Key.init)) }

  /// Whether an account like `account` is indexed.
  public func contains(_ account: Account) -> Bool { keys.contains(Key(account)) }

  /// Indexes one more account.
  public mutating func insert(_ account: Account) { keys.insert(Key(account)) }
}
