import Domain
import Presentation
import Testing

@Suite("Settings screen")
struct SettingsFeatureTests {
  typealias Case = ReducerCase<SettingsFeature.State, SettingsFeature.Action, SettingsFeature.Effect>

  static func on(_ row: SettingsFeature.Row, _ settings: AppSettings = AppSettings()) -> SettingsFeature.State
  {
    var state = SettingsFeature.State(settings: settings)
    state.focus = row
    return state
  }

  /// A change of the focused value to `settings`, saved.
  static func change(
    _ description: String, _ row: SettingsFeature.Row, from: AppSettings, by offset: Int, to: AppSettings,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Case {
    Case(
      description, on(row, from), .valueChanged(offset), then: { $0.settings = to }, effects: [.save(to)],
      sourceLocation: sourceLocation)
  }

  static let table: [Case] = [
    Case("focus moves down", on(.theme), .focusMoved(1), then: { $0.focus = .hideCodes }),
    Case("focus moves up", on(.sortOrder), .focusMoved(-1), then: { $0.focus = .hideCodes }),
    Case(
      "focus wraps from the last row to the first", on(.autoLock), .focusMoved(1),
      then: { $0.focus = .theme }),
    Case(
      "focus wraps from the first row to the last", on(.theme), .focusMoved(-1),
      then: { $0.focus = .autoLock }),
    change(
      "the theme steps forward", .theme, from: AppSettings(theme: .auto), by: 1,
      to: AppSettings(theme: .light)),
    change(
      "the theme steps forward from the last to the first", .theme, from: AppSettings(theme: .dark), by: 1,
      to: AppSettings(theme: .auto)),
    change(
      "the theme steps backward from the first to the last", .theme, from: AppSettings(theme: .auto),
      by: -1, to: AppSettings(theme: .dark)),
    change(
      "the theme steps backward", .theme, from: AppSettings(theme: .dark), by: -1,
      to: AppSettings(theme: .light)),
    change(
      "hidden codes turn on", .hideCodes, from: AppSettings(hideCodes: false), by: 1,
      to: AppSettings(hideCodes: true)),
    change(
      "hidden codes turn off", .hideCodes, from: AppSettings(hideCodes: true), by: -1,
      to: AppSettings(hideCodes: false)),
    change(
      "the sort order steps forward", .sortOrder, from: AppSettings(sortOrder: .issuer), by: 1,
      to: AppSettings(sortOrder: .name)),
    change(
      "the sort order steps forward from the last to the first", .sortOrder,
      from: AppSettings(sortOrder: .vault), by: 1, to: AppSettings(sortOrder: .issuer)),
    change(
      "the sort order steps backward from the first to the last", .sortOrder,
      from: AppSettings(sortOrder: .issuer), by: -1, to: AppSettings(sortOrder: .vault)),
    change(
      "auto-lock steps up to the next choice", .autoLock, from: AppSettings(autoLockMinutes: 5), by: 1,
      to: AppSettings(autoLockMinutes: 10)),
    change(
      "auto-lock steps down to the previous choice", .autoLock, from: AppSettings(autoLockMinutes: 5),
      by: -1, to: AppSettings(autoLockMinutes: 2)),
    change(
      "auto-lock steps down to never", .autoLock, from: AppSettings(autoLockMinutes: 1), by: -1,
      to: AppSettings(autoLockMinutes: 0)),
    Case(
      "auto-lock stays at never and saves nothing", on(.autoLock, AppSettings(autoLockMinutes: 0)),
      .valueChanged(-1)),
    Case(
      "auto-lock stays at an hour and saves nothing", on(.autoLock, AppSettings(autoLockMinutes: 60)),
      .valueChanged(1)),
    change(
      "auto-lock between choices steps up to the next one", .autoLock,
      from: AppSettings(autoLockMinutes: 3), by: 1, to: AppSettings(autoLockMinutes: 5)),
    change(
      "auto-lock between choices steps down to the previous one", .autoLock,
      from: AppSettings(autoLockMinutes: 3), by: -1, to: AppSettings(autoLockMinutes: 2)),
    change(
      "auto-lock above every choice steps down to the last one", .autoLock,
      from: AppSettings(autoLockMinutes: 90), by: -1, to: AppSettings(autoLockMinutes: 60)),
    change(
      "a change keeps the other settings", .theme,
      from: AppSettings(theme: .light, hideCodes: true, sortOrder: .name, autoLockMinutes: 15), by: 1,
      to: AppSettings(theme: .dark, hideCodes: true, sortOrder: .name, autoLockMinutes: 15)),
    Case("closing goes back", on(.sortOrder), .closed, effects: [.navigate(.pop)]),
  ]

  @Test("Settings actions reduce to their state and effects", arguments: table)
  func reduces(_ row: Case) {
    row.check(SettingsFeature.reduce)
  }

  @Test("Auto-lock steps through every choice up and back down")
  func autoLockWalk() {
    var state = Self.on(.autoLock, AppSettings(autoLockMinutes: 0))
    var up: [Int] = []
    for _ in SettingsFeature.autoLockChoices {
      _ = SettingsFeature.reduce(&state, .valueChanged(1))
      up.append(state.settings.autoLockMinutes)
    }
    #expect(up == [1, 2, 5, 10, 15, 30, 60, 60])
    var down: [Int] = []
    for _ in SettingsFeature.autoLockChoices {
      _ = SettingsFeature.reduce(&state, .valueChanged(-1))
      down.append(state.settings.autoLockMinutes)
    }
    #expect(down == [30, 15, 10, 5, 2, 1, 0, 0])
  }
}
