import OTP

/// A change to the vault described as a value, so that it runs where the vault is open: in this
/// process for the vault file, in the agent's for a vault the agent holds (`VaultRepository.perform`).
/// Each case is one use case's change; `apply(to:ids:)` is the pure part they share.
public enum VaultChange: Equatable, Sendable {
  /// `AddAccount`.
  case add(NewAccount)
  /// `EditAccount`.
  case edit(Account.ID, EditAccount.Changes)
  /// `RemoveAccount`.
  case remove(Account.ID)
  /// `ToggleFavorite`.
  case toggleFavorite(Account.ID)
  /// `NextHOTPCode`: saves counter + 1, answers the code of the stored counter.
  case nextHOTP(Account.ID)
  /// `ImportAccounts`; a dry run saves nothing.
  case importAccounts([ImportCandidate], skipBad: Bool, dryRun: Bool)
  /// `ManageGroups.create`.
  case createGroup(String)
  /// `ManageGroups.rename`.
  case renameGroup(AccountGroup.ID, String)
  /// `ManageGroups.delete`.
  case deleteGroup(AccountGroup.ID)
  /// `ManageGroups.assign`.
  case assignGroups(Account.ID, [String])
  /// `Account.setIcon`: sets the account's icon, or removes it with nil.
  case setIcon(Account.ID, AccountIcon?)

  /// What a change answers.
  public enum Outcome: Equatable, Sendable {
    /// The account as saved (add, edit, setIcon).
    case account(Account)
    /// Nothing to tell (remove, group changes).
    case done
    /// The new favorite flag.
    case favorite(Bool)
    /// An HOTP code.
    case code(String)
    /// An import's report, and whether it was refused for entries that failed.
    case imported(ImportReport, refused: Bool)
    /// A created group.
    case group(AccountGroup)
  }

  /// Runs the change over `repository`: one locked update, or a load for a dry run.
  public func run(on repository: some VaultRepository, ids: IdentifierSource) throws(DomainError) -> Outcome {
    switch self {
    case .nextHOTP(let id):
      let used: OTPParameters = try repository.update { (contents) throws(DomainError) in
        try NextHOTPCode.advance(id, in: &contents)
      }
      return .code(try NextHOTPCode.code(of: used))
    case .importAccounts(let candidates, let skipBad, let dryRun):
      var preview = try repository.load()
      let planned = ImportAccounts.plan(candidates, into: &preview, skipBad: skipBad, ids: ids)
      if dryRun || planned.refused || planned.report.added.isEmpty {
        return .imported(planned.report, refused: planned.refused)
      }
      return try repository.update { (contents) throws(DomainError) in
        var working = contents
        let result = ImportAccounts.plan(candidates, into: &working, skipBad: skipBad, ids: ids)
        if !result.refused { contents = working }
        return .imported(result.report, refused: result.refused)
      }
    default:
      return try repository.update { (contents) throws(DomainError) in try apply(to: &contents, ids: ids) }
    }
  }

  /// Applies a change that needs no second phase to `contents`.
  func apply(to contents: inout VaultContents, ids: IdentifierSource) throws(DomainError) -> Outcome {
    switch self {
    case .add(let new): return .account(try AddAccount.add(new, to: &contents, ids: ids))
    case .edit(let id, let changes):
      return .account(try EditAccount.apply(changes, to: id, in: &contents, ids: ids))
    case .remove(let id):
      contents.accounts.remove(at: try contents.index(of: id))
      return .done
    case .toggleFavorite(let id):
      let index = try contents.index(of: id)
      contents.accounts[index].favorite.toggle()
      return .favorite(contents.accounts[index].favorite)
    case .createGroup(let name): return .group(try ManageGroups.create(named: name, in: &contents, ids: ids))
    case .renameGroup(let id, let name):
      try ManageGroups.rename(id, to: name, in: &contents)
      return .done
    case .deleteGroup(let id):
      try ManageGroups.delete(id, in: &contents)
      return .done
    case .assignGroups(let id, let names):
      let index = try contents.index(of: id)
      contents.accounts[index].groups = try ManageGroups.groupIDs(named: names, in: &contents, ids: ids)
      return .done
    case .setIcon(let id, let icon):
      let index = try contents.index(of: id)
      contents.accounts[index].setIcon(icon)
      return .account(contents.accounts[index])
    case .nextHOTP(let id):
      let used = try NextHOTPCode.advance(id, in: &contents)
      return .code(try NextHOTPCode.code(of: used))
    case .importAccounts(let candidates, let skipBad, _):
      let result = ImportAccounts.plan(candidates, into: &contents, skipBad: skipBad, ids: ids)
      return .imported(result.report, refused: result.refused)
    }
  }
}

extension VaultChange.Outcome {
  /// What a change answered that does not fit the change (a repository out of step).
  static let unexpected = DomainError.storage("unexpected answer to a change")

  /// The account of an `.account` outcome.
  public func account() throws(DomainError) -> Account {
    guard case .account(let account) = self else { throw Self.unexpected }
    return account
  }

  /// The flag of a `.favorite` outcome.
  public func favorite() throws(DomainError) -> Bool {
    guard case .favorite(let flag) = self else { throw Self.unexpected }
    return flag
  }

  /// The code of a `.code` outcome.
  public func code() throws(DomainError) -> String {
    guard case .code(let code) = self else { throw Self.unexpected }
    return code
  }

  /// The group of a `.group` outcome.
  public func group() throws(DomainError) -> AccountGroup {
    guard case .group(let group) = self else { throw Self.unexpected }
    return group
  }

  /// The report of an `.imported` outcome, and whether the import was refused.
  public func imported() throws(DomainError) -> (report: ImportReport, refused: Bool) {
    guard case .imported(let report, let refused) = self else { throw Self.unexpected }
    return (report, refused)
  }
}

extension VaultRepository {
  /// Runs `change`, one that makes no new account or group (remove, favorite, the next HOTP
  /// code): it never asks for an identifier, so none is given; one asked for anyway is a
  /// programming error and stops the program rather than write a made-up id into the vault.
  func perform(_ change: VaultChange) throws(DomainError) -> VaultChange.Outcome {
    try perform(
      change, ids: IdentifierSource { preconditionFailure("a change that makes nothing new asked for an id") }
    )
  }
}
