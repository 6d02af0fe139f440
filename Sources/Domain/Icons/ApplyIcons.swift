/// `twofold icons apply`: gives each account whose issuer an imported pack's icon names that icon,
/// written into the vault entry (Aegis' `icon`, `icon_mime`, `icon_hash`), so the phone shows it
/// too. An account that has an icon keeps it unless `replace`; one whose icon is already the
/// pack's is not changed.
public struct ApplyIcons: Sendable {
  /// One account and the icon a pack has for it.
  public struct Planned: Equatable, Sendable {
    /// The account, as loaded.
    public let account: Account
    /// The pack's icon for it.
    public let match: IconPackMatch

    /// Creates a planned change.
    public init(account: Account, match: IconPackMatch) {
      self.account = account
      self.match = match
    }
  }

  /// What applying would do to a vault's accounts.
  public struct Plan: Equatable, Sendable {
    /// The accounts to give an icon, in display order.
    public var changes: [Planned] = []
    /// The accounts a pack has an icon for that keep their own (no `replace`), and that icon.
    public var kept: [Planned] = []

    /// A plan with no change.
    public init() {}
  }

  let repository: any VaultRepository
  let ids: IdentifierSource

  /// Creates the use case.
  public init(repository: any VaultRepository, ids: IdentifierSource) {
    self.repository = repository
    self.ids = ids
  }

  /// The plan for `accounts`: each with a matching icon in `packs` (`IconPackMatch.first`), those
  /// that have an icon only when `replace`.
  public static func plan(_ accounts: [Account], packs: [IconPack], replace: Bool) -> Plan {
    var plan = Plan()
    for account in ListAccounts.sorted(accounts) {
      guard let match = IconPackMatch.first(forIssuer: account.issuer, in: packs) else { continue }
      let planned = Planned(account: account, match: match)
      if account.icon != nil && !replace { plan.kept.append(planned) } else { plan.changes.append(planned) }
    }
    return plan
  }

  /// Writes `assignments` in one saved change (through the agent when it holds the vault) and
  /// returns the accounts changed: those still in the vault whose icon differs, and, unless
  /// `replace`, that had none.
  public func callAsFunction(_ assignments: [IconAssignment], replace: Bool) throws(DomainError)
    -> [Account.ID]
  {
    guard !assignments.isEmpty else { return [] }
    return try repository.perform(.setIcons(assignments, replace: replace), ids: ids).changed()
  }

  /// Sets the icons of `assignments` in `contents`; the ids of the accounts changed.
  static func apply(
    _ assignments: [IconAssignment], replace: Bool, to contents: inout VaultContents
  ) -> [Account.ID] {
    var changed: [Account.ID] = []
    for assignment in assignments {
      guard let index = contents.accounts.firstIndex(where: { $0.id == assignment.id }) else { continue }
      let current = contents.accounts[index].icon
      guard current != assignment.icon, current == nil || replace else { continue }
      contents.accounts[index].setIcon(assignment.icon)
      changed.append(assignment.id)
    }
    return changed
  }
}

/// An account's new icon (nil removes it).
public struct IconAssignment: Equatable, Sendable {
  /// The account.
  public let id: Account.ID
  /// Its icon.
  public let icon: AccountIcon?

  /// Creates an assignment.
  public init(id: Account.ID, icon: AccountIcon?) {
    self.id = id
    self.icon = icon
  }
}
