import Domain
import OTP
import Presentation
import Testing

@Suite("The preferences appearing")
struct AppFeatureSettingsAppearTests {
  typealias Case = ReducerCase<AppFeature.State, AppFeature.Action, AppFeature.Effect>

  static let locked = AppFeatureTests.locked()
  static let unlocked = AppFeatureTests.unlocked()
  static let settingsOpen = AppFeatureTests.settingsOpen
  static let helpOverSettings: AppFeature.State = {
    var state = settingsOpen
    state.coordinator.apply(.push(.help))
    return state
  }()

  static let table: [Case] = [
    Case(
      "the list's Preferences asks the keyring", unlocked, .accounts(.settingsRequested),
      then: { $0.coordinator.apply(.push(.settings)) }, effects: [.settings(.checkKeyring)]),
    Case(
      "the menu's Preferences asks the keyring once", unlocked, .menu(.preferences),
      then: { $0.coordinator.apply(.push(.settings)) }, effects: [.settings(.checkKeyring)]),
    Case(
      "back to the preferences from the shortcuts asks again", helpOverSettings, .helpClosed,
      then: { $0.coordinator.apply(.pop) }, effects: [.settings(.checkKeyring)]),
    Case(
      "a change while they are shown asks nothing", settingsOpen, .settings(.focusMoved(1)),
      then: { $0.settings.focus = .hideCodes }),
    Case(
      "closing them asks nothing", settingsOpen, .settings(.closed), then: { $0.coordinator.apply(.pop) }),
    Case("locked, Preferences asks nothing", locked, .menu(.preferences)),
    Case(
      "another screen asks nothing", unlocked, .accounts(.helpRequested),
      then: { $0.coordinator.apply(.push(.help)) }),
  ]

  @Test("Each time the preferences are shown they ask the keyring whether it holds the key", arguments: table)
  func appears(_ row: Case) {
    row.check(AppFeature.reduce)
  }
}
