import Domain
import OTP
import Presentation
import Testing

@Suite("App navigation and screens")
struct AppFeatureTests {
  typealias Case = ReducerCase<AppFeature.State, AppFeature.Action, AppFeature.Effect>

  static let start: Int64 = 1_700_000_000

  static func locked(_ settings: AppSettings = AppSettings()) -> AppFeature.State {
    AppFeature.State(vaultLocation: "/home/me/vault.json", locked: true, settings: settings, now: start)
  }

  /// An unlocked app on the account list with the fixture vault loaded.
  static func unlocked(selecting account: Account? = nil, _ settings: AppSettings = AppSettings())
    -> AppFeature.State
  {
    var state = locked(settings)
    _ = AppFeature.reduce(&state, .unlock(.unlocked))
    _ = AppFeature.reduce(&state, .accounts(.loaded(Fixture.vault)))
    if let account { state.accounts.selection = account.id }
    return state
  }

  /// `state` after `actions`.
  static func after(_ state: AppFeature.State, _ actions: AppFeature.Action...) -> AppFeature.State {
    var state = state
    _ = reduceAll(&state, actions, AppFeature.reduce)
    return state
  }

  @Test("Starting a locked app shows the password screen and does nothing else")
  func startLocked() {
    var state = Self.locked()
    #expect(AppFeature.reduce(&state, .started) == [])
    #expect(state.coordinator.stack == [.unlock])
    #expect(state.canLock)
  }

  @Test("Starting an app without a password shows the list and loads it")
  func startOpen() {
    var state = AppFeature.State(
      vaultLocation: "demo", locked: false, settings: AppSettings(), now: Self.start)
    #expect(AppFeature.reduce(&state, .started) == [.accounts(.load)])
    #expect(state.coordinator.stack == [.accounts])
    #expect(!state.canLock)
  }

  @Test("Submitting the password asks to unlock with it")
  func submitPassword() {
    var state = Self.locked()
    let effects = reduceAll(&state, [.unlock(.typed("hunter2")), .unlock(.submitted)], AppFeature.reduce)
    #expect(effects == [.unlock(.unlock(password: "hunter2"))])
  }

  @Test("Unlocking replaces the password screen with the list and loads it")
  func unlocked() {
    var state = Self.after(Self.locked(), .unlock(.typed("hunter2")))
    let effects = AppFeature.reduce(&state, .unlock(.unlocked))
    #expect(effects == [.accounts(.load)])
    #expect(state.coordinator.stack == [.accounts])
    #expect(state.unlock.password == "")
  }

  @Test("Opening the editor on an account fills it with the account's fields")
  func editorFilled() {
    let state = Self.after(Self.unlocked(selecting: Fixture.zurich), .accounts(.editRequested))
    #expect(state.coordinator.current == .editor(Fixture.zurich.id))
    #expect(state.editor?.mode == .edit(Fixture.zurich.id))
    #expect(state.editor?.draft.issuer == "Zürich Bank")
    #expect(state.editor?.draft.name == "alice")
    #expect(state.editor?.groups == "Travel")
    #expect(state.editor?.draft.favorite == false)
  }

  /// `GEZDGNBV` decoded: ASCII "12345".
  static let twelve345: [UInt8] = [49, 50, 51, 52, 53]

  static let editorOpen = after(unlocked(), .accounts(.addRequested))
  static let detailsOpen = after(unlocked(selecting: Fixture.tokyo), .accounts(.detailsRequested))
  static let settingsOpen = after(unlocked(), .accounts(.settingsRequested))
  static let renamedTokyo: VaultContents = {
    var contents = Fixture.vault
    let index = contents.accounts.firstIndex { $0.id == Fixture.tokyo.id }!
    contents.accounts[index].name = "hanako"
    return contents
  }()

  static let table: [Case] = [
    Case(
      "add pushes an empty editor", unlocked(), .accounts(.addRequested),
      then: {
        $0.coordinator.apply(.push(.editor(nil)))
        $0.editor = EditorFeature.State()
      }),
    Case(
      "edit pushes an editor for the selected account", unlocked(selecting: Fixture.tokyo),
      .accounts(.editRequested),
      then: {
        $0.coordinator.apply(.push(.editor(Fixture.tokyo.id)))
        $0.editor = EditorFeature.State(editing: Fixture.tokyo, groupNames: ["Work", "Travel"])
      }),
    Case(
      "details pushes the selected account's details", unlocked(selecting: Fixture.tokyo),
      .accounts(.detailsRequested),
      then: {
        $0.coordinator.apply(.push(.details(Fixture.tokyo.id)))
        $0.details = DetailsFeature.State(account: Fixture.tokyo, groupNames: ["Work", "Travel"])
      }),
    Case(
      "settings pushes the settings, which ask the keyring", unlocked(), .accounts(.settingsRequested),
      then: { $0.coordinator.apply(.push(.settings)) }, effects: [.settings(.checkKeyring)]),
    Case(
      "help pushes the help", unlocked(), .accounts(.helpRequested),
      then: { $0.coordinator.apply(.push(.help)) }),
    Case(
      "cancelling the editor pops it and drops its state", editorOpen, .editor(.cancelled),
      then: {
        $0.coordinator.apply(.pop)
        $0.editor = nil
      }),
    Case(
      "a saved account pops the editor and reloads the list", editorOpen, .editor(.saved(Fixture.zynga)),
      then: {
        $0.coordinator.apply(.pop)
        $0.editor = nil
      },
      effects: [.accounts(.load)]),
    Case(
      "editor work is passed on", after(editorOpen, .editor(.typed("otpauth://totp/A?secret=GEZDGNBV"))),
      .editor(.submitted),
      then: { $0.editor?.attempted = true },
      effects: [
        .editor(
          .add(NewAccount(issuer: "", name: "A", otp: try! OTPParameters(type: .totp, secret: twelve345))))
      ]),
    Case("editor actions without an editor do nothing", unlocked(), .editor(.submitted)),
    Case(
      "closing details pops them and drops their state", detailsOpen, .details(.closed),
      then: {
        $0.coordinator.apply(.pop)
        $0.details = nil
      }),
    Case(
      "details work is passed on", detailsOpen, .details(.qrRequested),
      effects: [.details(.renderQR(DetailsFeature.State(account: Fixture.tokyo, groupNames: []).uri))]),
    Case("details actions without details do nothing", unlocked(), .details(.qrRequested)),
    Case(
      "deleting the account shown in details closes them", detailsOpen, .accounts(.deleted(Fixture.tokyo.id)),
      then: {
        $0.accounts.message = "Deleted 東京:taro."
        $0.coordinator.apply(.pop)
        $0.details = nil
      }, effects: [.accounts(.load)]),
    Case(
      "deleting another account keeps the details open", detailsOpen, .accounts(.deleted(Fixture.github.id)),
      then: { $0.accounts.message = "Deleted GitHub:octocat." }, effects: [.accounts(.load)]),
    Case(
      "loaded contents refresh the open details", detailsOpen, .accounts(.loaded(renamedTokyo)),
      then: {
        $0.accounts.contents = renamedTokyo
        $0.details?.account.name = "hanako"
      }),
    Case(
      "closing the settings pops them", settingsOpen, .settings(.closed),
      then: { $0.coordinator.apply(.pop) }),
    Case(
      "closing the help pops it", after(unlocked(), .accounts(.helpRequested)), .helpClosed,
      then: { $0.coordinator.apply(.pop) }),
    Case(
      "list work is passed on", unlocked(selecting: Fixture.zurich), .accounts(.copyRequested),
      effects: [.accounts(.copy(Fixture.code(Fixture.zurich, at: start)))]),
    Case(
      "quitting marks the app to end", unlocked(), .accounts(.quitRequested),
      then: { $0.shouldQuit = true }),
    Case(
      "a settings change is saved and reaches the list", after(settingsOpen, .settings(.focusMoved(1))),
      .settings(.valueChanged(1)),
      then: {
        $0.settings.settings.hideCodes = true
        $0.accounts.settings.hideCodes = true
      },
      effects: [.settings(.save(AppSettings(hideCodes: true)))]),
  ]

  @Test("Screen actions reduce to their state and effects", arguments: table)
  func reduces(_ row: Case) {
    row.check(AppFeature.reduce)
  }

  @Test("Navigating adds the screen on top of the list and back")
  func stack() {
    var state = Self.unlocked(selecting: Fixture.steam)
    _ = AppFeature.reduce(&state, .accounts(.detailsRequested))
    #expect(state.coordinator.stack == [.accounts, .details(Fixture.steam.id)])
    #expect(state.details?.account == Fixture.steam)
    #expect(state.details?.groupNames == ["Work"])
    _ = AppFeature.reduce(&state, .details(.closed))
    #expect(state.coordinator.stack == [.accounts])
    #expect(state.details == nil)
  }

  @Test("The list's time follows the ticks")
  func ticks() {
    var state = Self.unlocked()
    #expect(AppFeature.reduce(&state, .tick(Self.start + 10)) == [])
    #expect(state.accounts.now == Self.start + 10)
  }
}
