import Domain
import Presentation
import Testing

@Suite("Account list actions")
struct AccountsFeatureActionTests {
  typealias Case = ReducerCase<AccountsFeature.State, AccountsFeature.Action, AccountsFeature.Effect>

  static let late = Fixture.Time.endOfFirstPeriod

  static func withCode(_ code: String, for account: Account) -> AccountsFeature.State {
    var state = Fixture.accounts(selecting: account)
    state.generatedCodes[account.id] = code
    return state
  }

  static func pendingDelete(_ account: Account) -> AccountsFeature.State {
    var state = Fixture.accounts(selecting: account)
    state.pendingDelete = account.id
    return state
  }

  static let table: [Case] = [
    Case(
      "copying a TOTP account copies its code at the current time",
      Fixture.accounts(selecting: Fixture.zurich, at: late), .copyRequested, effects: [.copy("287082")]),
    Case(
      "copying a 7-digit account copies the code without the space",
      Fixture.accounts(selecting: Fixture.tokyo, at: Fixture.Time.periodStart), .copyRequested,
      effects: [.copy("9005924")]),
    Case(
      "copying an HOTP account without a code generates one, then copies it",
      Fixture.accounts(selecting: Fixture.acme), .copyRequested,
      effects: [.nextHOTP(Fixture.acme.id, thenCopy: true)]),
    Case(
      "copying an HOTP account with a generated code copies that code", withCode("755224", for: Fixture.acme),
      .copyRequested, effects: [.copy("755224")]),
    Case("copying in an empty list does nothing", AccountsFeature.State(now: 0), .copyRequested),
    Case(
      "generating on an HOTP account asks for the next code without copying",
      Fixture.accounts(selecting: Fixture.acme), .generateRequested,
      effects: [.nextHOTP(Fixture.acme.id, thenCopy: false)]),
    Case(
      "generating on a TOTP account does nothing", Fixture.accounts(selecting: Fixture.zurich),
      .generateRequested),
    Case(
      "toggling the favorite asks to toggle the selected account",
      Fixture.accounts(selecting: Fixture.zynga), .favoriteToggled,
      effects: [.toggleFavorite(Fixture.zynga.id)]),
    Case(
      "asking to delete waits for confirmation", Fixture.accounts(selecting: Fixture.zynga), .deleteRequested,
      then: { $0.pendingDelete = Fixture.zynga.id }),
    Case(
      "cancelling the delete forgets it and deletes nothing", pendingDelete(Fixture.zynga), .deleteCancelled,
      then: { $0.pendingDelete = nil }),
    Case(
      "confirming the delete deletes the pending account", pendingDelete(Fixture.zynga), .deleteConfirmed,
      then: { $0.pendingDelete = nil }, effects: [.delete(Fixture.zynga.id)]),
    Case(
      "confirming without a pending delete deletes nothing", Fixture.accounts(selecting: Fixture.zynga),
      .deleteConfirmed),
    Case(
      "asking to delete in an empty list leaves nothing pending", AccountsFeature.State(now: 0),
      .deleteRequested),
    Case(
      "a deleted account is announced, its code forgotten and the vault reloaded",
      withCode("755224", for: Fixture.acme), .deleted(Fixture.acme.id),
      then: {
        $0.message = "Deleted Acme:counter."
        $0.generatedCodes = [:]
      },
      effects: [.load]),
    Case(
      "add opens an empty editor", Fixture.accounts(), .addRequested,
      effects: [.navigate(.push(.editor(nil)))]),
    Case(
      "edit opens the editor on the selected account", Fixture.accounts(selecting: Fixture.steam),
      .editRequested, effects: [.navigate(.push(.editor(Fixture.steam.id)))]),
    Case("edit in an empty list does nothing", AccountsFeature.State(now: 0), .editRequested),
    Case(
      "details opens the selected account's details", Fixture.accounts(selecting: Fixture.tokyo),
      .detailsRequested, effects: [.navigate(.push(.details(Fixture.tokyo.id)))]),
    Case(
      "settings opens the settings", Fixture.accounts(), .settingsRequested,
      effects: [.navigate(.push(.settings))]),
    Case("help opens the help", Fixture.accounts(), .helpRequested, effects: [.navigate(.push(.help))]),
    Case("quitting asks to quit", Fixture.accounts(), .quitRequested, effects: [.quit]),
    Case(
      "a failure is shown on the status line", Fixture.accounts(), .failed("No clipboard tool found."),
      then: { $0.message = "No clipboard tool found." }),
    Case(
      "settings changes are kept", Fixture.accounts(), .settingsChanged(AppSettings(hideCodes: true)),
      then: { $0.settings = AppSettings(hideCodes: true) }),
    Case(
      "a tick moves the time", Fixture.accounts(), .tick(Fixture.Time.periodStart),
      then: { $0.now = Fixture.Time.periodStart }),
    Case(
      "conflict copies counted are kept", Fixture.accounts(), .conflictCopiesCounted(2),
      then: { $0.conflictCopies = 2 }),
    Case(
      "a sync problem read is kept", Fixture.accounts(), .syncProblemRead(problem),
      then: { $0.syncProblem = problem }),
    Case(
      "no sync problem read clears the one kept", withSyncProblem, .syncProblemRead(nil),
      then: { $0.syncProblem = nil }),
  ]

  static let problem = "/sync/shared.json: its password is needed (since 2026-01-02 10:00:00)"

  static var withSyncProblem: AccountsFeature.State {
    var state = Fixture.accounts()
    state.syncProblem = problem
    return state
  }

  @Test("A sync that stopped is a notice until a sync succeeds, before the conflict copies' notice")
  func syncNotice() {
    var state = Fixture.accounts()
    #expect(state.syncNotice == nil && state.notices.isEmpty)
    _ = AccountsFeature.reduce(&state, .conflictCopiesCounted(1))
    _ = AccountsFeature.reduce(&state, .syncProblemRead(Self.problem))
    #expect(state.syncNotice == "Sync failed: " + Self.problem)
    #expect(
      state.notices == ["Sync failed: " + Self.problem, "1 conflict copy of this vault: run 'twofold sync'"])
    _ = AccountsFeature.reduce(&state, .syncProblemRead(nil))
    #expect(state.syncNotice == nil)
    #expect(state.notices == ["1 conflict copy of this vault: run 'twofold sync'"])
  }

  @Test("The notice names the copies waiting, in the command line's words, and goes with them")
  func conflictNotice() {
    var state = Fixture.accounts()
    #expect(state.conflictNotice == nil)
    _ = AccountsFeature.reduce(&state, .conflictCopiesCounted(1))
    #expect(state.conflictNotice == "1 conflict copy of this vault: run 'twofold sync'")
    _ = AccountsFeature.reduce(&state, .conflictCopiesCounted(3))
    #expect(state.conflictNotice == "3 conflict copies of this vault: run 'twofold sync'")
    _ = AccountsFeature.reduce(&state, .conflictCopiesCounted(0))
    #expect(state.conflictNotice == nil)
  }

  @Test("List actions reduce to their state and effects", arguments: table)
  func reduces(_ row: Case) {
    row.check(AccountsFeature.reduce)
  }

  @Test("A copy schedules clearing the code 30 seconds later and says so")
  func copiedSchedulesClear() {
    var state = Fixture.accounts(selecting: Fixture.zurich, at: Self.late)
    #expect(AccountsFeature.reduce(&state, .copied(tool: "xclip")) == [])
    #expect(state.clipboard?.code == "287082")
    #expect(state.clipboard?.at == Self.late + 30)
    #expect(state.message == "Copied Zürich Bank:alice with xclip; cleared in 30 s.")
  }

  @Test("A copied HOTP code is the generated one")
  func copiedHOTP() {
    var state = Self.withCode("755224", for: Fixture.acme)
    _ = AccountsFeature.reduce(&state, .copied(tool: "wl-copy"))
    #expect(state.clipboard?.code == "755224")
    #expect(state.clipboard?.at == Fixture.Time.early + AccountsFeature.clipboardLifetime)
  }

  @Test(
    "Ticks clear the clipboard exactly once, at the time the copy set",
    arguments: [
      ([29], []),
      ([30], [.clearClipboard(ifStill: "287082")]),
      ([29, 30, 31, 60], [.clearClipboard(ifStill: "287082")]),
      ([10, 45, 46], [.clearClipboard(ifStill: "287082")]),
    ] as [([Int64], [AccountsFeature.Effect])])
  func clearsOnce(secondsAfterCopy: [Int64], expected: [AccountsFeature.Effect]) {
    var state = Fixture.accounts(selecting: Fixture.zurich, at: Self.late)
    _ = AccountsFeature.reduce(&state, .copied(tool: "xclip"))
    let effects = reduceAll(&state, secondsAfterCopy.map { .tick(Self.late + $0) }, AccountsFeature.reduce)
    #expect(effects == expected)
    #expect((state.clipboard == nil) == !expected.isEmpty)
  }

  @Test("A copy made later moves the clearing time to 30 seconds after it")
  func secondCopy() {
    var state = Fixture.accounts(selecting: Fixture.zurich, at: Self.late)
    _ = AccountsFeature.reduce(&state, .copied(tool: "xclip"))
    _ = AccountsFeature.reduce(&state, .tick(Self.late + 20))
    _ = AccountsFeature.reduce(&state, .copied(tool: "xclip"))
    let effects = reduceAll(&state, [.tick(Self.late + 30), .tick(Self.late + 50)], AccountsFeature.reduce)
    #expect(effects == [.clearClipboard(ifStill: Fixture.code(Fixture.zurich, at: Self.late + 20))])
  }

  @Test("Deleting asks first: nothing is deleted until confirmed")
  func deleteFlow() {
    var state = Fixture.accounts(selecting: Fixture.steam)
    let effects = reduceAll(
      &state, [.deleteRequested, .deleteCancelled, .deleteConfirmed, .deleteRequested, .deleteConfirmed],
      AccountsFeature.reduce)
    #expect(effects == [.delete(Fixture.steam.id)])
    #expect(state.pendingDelete == nil)
  }

  @Test("After a reload without the selected account the first row is selected")
  func reloadAfterDelete() {
    var state = Fixture.accounts(selecting: Fixture.steam)
    var contents = Fixture.vault
    contents.accounts.removeAll { $0.id == Fixture.steam.id }
    _ = AccountsFeature.reduce(&state, .loaded(contents))
    #expect(state.selection == Fixture.github.id)
    #expect(!state.rows.contains { $0.id == Fixture.steam.id })
  }
}
