import OTP

/// Changes an account's label, note, favorite flag or groups; the secret and code parameters
/// stay. The result must still have an issuer or a name and must not duplicate another account.
public struct EditAccount: Sendable {
  let repository: any VaultRepository
  let ids: IdentifierSource

  /// The changes to make; nil leaves a field as it is.
  public struct Changes: Equatable, Sendable {
    /// New issuer.
    public var issuer: String?
    /// New name.
    public var name: String?
    /// New note.
    public var note: String?
    /// New favorite flag.
    public var favorite: Bool?
    /// Replacement group names (empty clears them).
    public var groupNames: [String]?

    /// Describes changes.
    public init(
      issuer: String? = nil, name: String? = nil, note: String? = nil, favorite: Bool? = nil,
      groupNames: [String]? = nil
    ) {
      self.issuer = issuer
      self.name = name
      self.note = note
      self.favorite = favorite
      self.groupNames = groupNames
    }
  }

  /// Creates the use case.
  public init(repository: any VaultRepository, ids: IdentifierSource) {
    self.repository = repository
    self.ids = ids
  }

  /// Applies `changes` to the account `id` and returns it as saved.
  @discardableResult
  public func callAsFunction(_ id: Account.ID, _ changes: Changes) throws(DomainError) -> Account {
    try repository.perform(.edit(id, changes), ids: ids).account()
  }

  /// Applies `changes` to the account `id` in `contents`.
  static func apply(
    _ changes: Changes, to id: Account.ID, in contents: inout VaultContents, ids: IdentifierSource
  ) throws(DomainError) -> Account {
    let index = try contents.index(of: id)
    var account = contents.accounts[index]
    if let issuer = changes.issuer { account.issuer = String(issuer.trimmingWhitespace()) }
    if let name = changes.name { account.name = String(name.trimmingWhitespace()) }
    if let note = changes.note { account.note = note }
    if let favorite = changes.favorite { account.favorite = favorite }
    guard !account.issuer.isEmpty || !account.name.isEmpty else {
      throw .invalidField(.name, "an issuer or a name is required")
    }
    if contents.accounts.contains(where: { $0.id != id && account.isDuplicate(of: $0) }) {
      throw .duplicate(label: account.label)
    }
    if let names = changes.groupNames {
      account.groups = try ManageGroups.groupIDs(named: names, in: &contents, ids: ids)
    }
    contents.accounts[index] = account
    return account
  }
}

/// Deletes an account.
public struct RemoveAccount: Sendable {
  let repository: any VaultRepository

  /// Creates the use case.
  public init(repository: any VaultRepository) { self.repository = repository }

  /// Removes the account `id`.
  public func callAsFunction(_ id: Account.ID) throws(DomainError) {
    _ = try repository.perform(.remove(id))
  }
}

/// Flips an account's favorite flag.
public struct ToggleFavorite: Sendable {
  let repository: any VaultRepository

  /// Creates the use case.
  public init(repository: any VaultRepository) { self.repository = repository }

  /// Toggles and returns the new flag.
  @discardableResult
  public func callAsFunction(_ id: Account.ID) throws(DomainError) -> Bool {
    try repository.perform(.toggleFavorite(id)).favorite()
  }
}
