import Domain

/// The account list: live codes, search as you type, group filter, favorites, HOTP on
/// request, copy with clipboard clearing, delete with confirmation.
public enum AccountsFeature {
  /// Seconds a copied code stays on the clipboard.
  public static let clipboardLifetime: Int64 = 30

  /// What the screen shows.
  public struct State: Equatable, Sendable {
    /// The vault as last loaded.
    public var contents = VaultContents() {
      didSet { icons = Self.icons(of: contents) }
    }
    /// The accounts' icons, read once per loaded contents (rows are built every second).
    public private(set) var icons: [Account.ID: AccountIcon] = [:]
    /// Preferences (sort order, hidden codes).
    public var settings = AppSettings()
    /// The current Unix time.
    public var now: Int64
    /// Search text over issuer, name, note and groups.
    public var search = ""
    /// Whether keys go to the search field.
    public var isSearching = false
    /// Only this group, when set.
    public var groupFilter: AccountGroup.ID?
    /// The selected account.
    public var selection: Account.ID?
    /// HOTP codes generated in this session.
    public var generatedCodes: [Account.ID: String] = [:]
    /// A status line (copied, errors).
    public var message: String?
    /// The code put on the clipboard and when to clear it.
    public var clipboard: PendingClear?
    /// The account waiting for delete confirmation.
    public var pendingDelete: Account.ID?
    /// Whether the vault has been loaded at least once.
    public var isLoaded = false
    /// Syncthing conflict copies of the vault waiting to be merged, as last counted.
    public var conflictCopies = 0
    /// What stopped the last sync without being asked (`SOURCE: what (since TIME)`), as last read.
    public var syncProblem: String?
    /// Codes computed where the secrets are (the agent), for accounts loaded without them.
    public var fetchedCodes: [Account.ID: AccountCode] = [:]
    /// The time `fetchedCodes` are for.
    public var fetchedAt: Int64?

    /// A list at time `now`.
    public init(now: Int64) { self.now = now }

    /// The accounts shown, filtered and in order.
    public var visibleAccounts: [Account] {
      let filter = AccountFilter(text: search, group: groupFilter)
      return ListAccounts.sorted(filter.apply(to: contents), by: settings.sortOrder)
    }

    /// Whether some accounts came without their secrets, so their codes are fetched.
    public var hasWithheldSecrets: Bool { contents.accounts.contains { $0.otp.isWithheld } }

    /// The codes of `accounts` now: computed here, or as fetched for withheld secrets.
    public func codes(of accounts: [Account]) -> [AccountCode] {
      guard accounts.contains(where: { $0.otp.isWithheld }) else { return CodesAt()(accounts, at: now) }
      return accounts.map { account in
        guard account.otp.isWithheld else { return CodesAt()([account], at: now)[0] }
        guard var fetched = fetchedCode(of: account) else { return AccountCode(account: account) }
        fetched.account = account
        return fetched
      }
    }

    /// The fetched code of `account` as it stands now: the same code until its period ends,
    /// with the seconds left counted down (so a code is fetched once a period, not each second).
    func fetchedCode(of account: Account) -> AccountCode? {
      guard var fetched = fetchedCodes[account.id], let at = fetchedAt, now >= at else { return nil }
      let elapsed = now - at
      guard let remaining = fetched.remaining else { return elapsed == 0 ? fetched : nil }
      guard elapsed < Int64(remaining) else { return nil }
      fetched.remaining = remaining - Int(elapsed)
      return fetched
    }

    /// The rows to draw.
    public var rows: [AccountRow] {
      codes(of: visibleAccounts).map { item in
        let account = item.account
        let hotp = account.otp.type == .hotp
        let hidden = settings.hideCodes && account.id != selection
        var code = hotp ? generatedCodes[account.id] : item.code
        if hidden { code = nil }
        let row = AccountRow(
          id: account.id, issuer: account.issuer, name: account.name, code: code.map(AccountRow.grouped),
          nextCode: nil, remaining: item.remaining, period: hotp ? nil : account.otp.period,
          isCounterBased: hotp, favorite: account.favorite, groups: contents.groupNames(of: account),
          problem: item.problem, icon: icons[account.id])
        var result = row
        if row.isEnding, !hidden, let next = item.nextCode { result.nextCode = AccountRow.grouped(next) }
        return result
      }
    }

    /// The selected account when it is visible, else the first visible one.
    public var selectedAccount: Account? {
      let visible = visibleAccounts
      return visible.first { $0.id == selection } ?? visible.first
    }

    /// The icons of the accounts that have a readable one.
    static func icons(of contents: VaultContents) -> [Account.ID: AccountIcon] {
      var icons: [Account.ID: AccountIcon] = [:]
      for account in contents.accounts {
        if let icon = account.icon { icons[account.id] = icon }
      }
      return icons
    }

    /// Says that conflict copies wait to be merged, while there are any.
    public var conflictNotice: String? { Messages.conflictCopies(conflictCopies) }

    /// Says that the syncs without being asked stopped, and on what, until one succeeds.
    public var syncNotice: String? { Messages.syncProblem(syncProblem) }

    /// The notices about the vault's syncs, the more urgent first: a sync that stopped, then
    /// conflict copies waiting.
    public var notices: [String] { [syncNotice, conflictNotice].compactMap { $0 } }

    /// The name of the group filter, for the header.
    public var groupFilterName: String? {
      groupFilter.flatMap { id in contents.groups.first { $0.id == id }?.name }
    }
  }

  /// A copied code and the time to clear it.
  public struct PendingClear: Equatable, Sendable {
    /// What was copied.
    public var code: String
    /// Unix time to clear it.
    public var at: Int64
  }

  /// What happened.
  public enum Action: Equatable, Sendable {
    case appeared
    case loaded(VaultContents)
    /// The conflict copies beside the vault were counted (on every load).
    case conflictCopiesCounted(Int)
    /// The problem of the last sync without being asked was read (on every load); nil: none.
    case syncProblemRead(String?)
    case settingsChanged(AppSettings)
    case tick(Int64)
    case codesFetched([AccountCode], at: Int64)
    case searchStarted
    case searchTyped(String)
    case searchBackspace
    case searchEnded(keep: Bool)
    /// The whole search text replaced (a toolkit's search entry reports its text).
    case searchChanged(String)
    /// An account chosen by pointer or by the toolkit's own list focus.
    case selected(Account.ID)
    /// A group chosen from a menu; nil shows every group.
    case groupFilterChosen(AccountGroup.ID?)
    case moveSelection(Int)
    case moveToEdge(last: Bool)
    case groupFilterCycled
    case copyRequested
    case copied(tool: String)
    case generateRequested
    case generated(Account.ID, code: String)
    case favoriteToggled
    case deleteRequested
    case deleteConfirmed
    case deleteCancelled
    case deleted(Account.ID)
    case addRequested
    case editRequested
    case detailsRequested
    case settingsRequested
    case helpRequested
    case quitRequested
    case failed(String)
  }

  /// Work to do.
  public enum Effect: Equatable, Sendable {
    case load
    case fetchCodes([Account], at: Int64)
    case copy(String)
    case clearClipboard(ifStill: String)
    case nextHOTP(Account.ID, thenCopy: Bool)
    case toggleFavorite(Account.ID)
    case delete(Account.ID)
    case navigate(Navigation)
    case quit
  }

  /// Pure state transition.
  public static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    switch action {
    case .appeared:
      return [.load]
    case .loaded(let contents):
      return load(&state, contents)
    case .conflictCopiesCounted(let count):
      state.conflictCopies = count
      return []
    case .syncProblemRead(let problem):
      state.syncProblem = problem
      return []
    case .settingsChanged(let settings):
      state.settings = settings
      return []
    case .tick(let now):
      return tick(&state, now)
    case .codesFetched(let codes, let time):
      state.fetchedCodes = Dictionary(
        codes.map { ($0.account.id, $0) }, uniquingKeysWith: { _, last in last })
      state.fetchedAt = time
      return []
    case .searchStarted, .searchTyped, .searchBackspace, .searchEnded, .searchChanged, .selected,
      .groupFilterChosen, .moveSelection, .moveToEdge, .groupFilterCycled:
      browse(&state, action)
      return []
    case .copyRequested:
      return copy(&state)
    case .copied(let tool):
      copied(&state, with: tool)
      return []
    case .generateRequested:
      guard let account = state.selectedAccount, account.otp.type == .hotp else { return [] }
      return [.nextHOTP(account.id, thenCopy: false)]
    case .generated(let id, let code):
      state.generatedCodes[id] = code
      return [.load]
    case .favoriteToggled:
      guard let account = state.selectedAccount else { return [] }
      return [.toggleFavorite(account.id)]
    case .deleteRequested:
      state.pendingDelete = state.selectedAccount?.id
      return []
    case .deleteConfirmed:
      guard let id = state.pendingDelete else { return [] }
      state.pendingDelete = nil
      return [.delete(id)]
    case .deleteCancelled:
      state.pendingDelete = nil
      return []
    case .deleted(let id):
      let label = state.contents.accounts.first { $0.id == id }?.label ?? "The account"
      state.message = "Deleted \(label)."
      state.generatedCodes[id] = nil
      return [.load]
    case .addRequested:
      return [.navigate(.push(.editor(nil)))]
    case .editRequested:
      guard let account = state.selectedAccount else { return [] }
      return [.navigate(.push(.editor(account.id)))]
    case .detailsRequested:
      guard let account = state.selectedAccount else { return [] }
      return [.navigate(.push(.details(account.id)))]
    case .settingsRequested:
      return [.navigate(.push(.settings))]
    case .helpRequested:
      return [.navigate(.push(.help))]
    case .quitRequested:
      return [.quit]
    case .failed(let message):
      state.message = message
      return []
    }
  }
}
