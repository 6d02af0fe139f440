import OTP

/// Creates, renames, deletes and assigns groups.
public struct ManageGroups: Sendable {
  let repository: any VaultRepository
  let ids: IdentifierSource

  /// Creates the use case.
  public init(repository: any VaultRepository, ids: IdentifierSource) {
    self.repository = repository
    self.ids = ids
  }

  /// Creates a group; a name already used (ignoring case) is refused.
  @discardableResult
  public func create(named name: String) throws(DomainError) -> AccountGroup {
    try repository.perform(.createGroup(name), ids: ids).group()
  }

  /// Renames a group.
  public func rename(_ id: AccountGroup.ID, to name: String) throws(DomainError) {
    _ = try repository.perform(.renameGroup(id, name), ids: ids)
  }

  /// Deletes a group and takes every account out of it.
  public func delete(_ id: AccountGroup.ID) throws(DomainError) {
    _ = try repository.perform(.deleteGroup(id), ids: ids)
  }

  /// Puts an account in exactly the named groups, creating missing ones.
  public func assign(_ account: Account.ID, toGroupsNamed names: [String]) throws(DomainError) {
    _ = try repository.perform(.assignGroups(account, names), ids: ids)
  }

  static func create(
    named name: String, in contents: inout VaultContents, ids: IdentifierSource
  ) throws(DomainError) -> AccountGroup {
    let name = try validName(name, in: contents, excluding: nil)
    let group = AccountGroup(id: AccountGroup.ID(ids.next()), name: name)
    contents.groups.append(group)
    return group
  }

  static func rename(_ id: AccountGroup.ID, to name: String, in contents: inout VaultContents)
    throws(DomainError)
  {
    guard let index = contents.groups.firstIndex(where: { $0.id == id }) else { throw .notFound(id.rawValue) }
    contents.groups[index].name = try validName(name, in: contents, excluding: id)
  }

  static func delete(_ id: AccountGroup.ID, in contents: inout VaultContents) throws(DomainError) {
    guard contents.groups.contains(where: { $0.id == id }) else { throw .notFound(id.rawValue) }
    contents.groups.removeAll { $0.id == id }
    for index in contents.accounts.indices { contents.accounts[index].groups.removeAll { $0 == id } }
  }

  /// The ids of the groups called `names` (ignoring case), creating those that do not exist.
  static func groupIDs(
    named names: [String], in contents: inout VaultContents, ids: IdentifierSource
  ) throws(DomainError) -> [AccountGroup.ID] {
    var result: [AccountGroup.ID] = []
    for rawName in names {
      let name = String(rawName.trimmingWhitespace())
      guard !name.isEmpty else { throw .invalidField(.group, "a group name cannot be empty") }
      let folded = TextFolding.fold(name)
      let id: AccountGroup.ID
      if let existing = contents.groups.first(where: { TextFolding.fold($0.name) == folded }) {
        id = existing.id
      } else {
        let group = AccountGroup(id: AccountGroup.ID(ids.next()), name: name)
        contents.groups.append(group)
        id = group.id
      }
      if !result.contains(id) { result.append(id) }
    }
    return result
  }

  private static func validName(
    _ name: String, in contents: VaultContents, excluding id: AccountGroup.ID?
  ) throws(DomainError) -> String {
    let name = String(name.trimmingWhitespace())
    guard !name.isEmpty else { throw .invalidField(.group, "a group name cannot be empty") }
    let folded = TextFolding.fold(name)
    if contents.groups.contains(where: { $0.id != id && TextFolding.fold($0.name) == folded }) {
      throw .invalidField(.group, "a group called '\(name)' already exists")
    }
    return name
  }
}
