import Presentation

/// Preferences: theme, hidden codes, sort order, auto-lock; each change is saved at once.
enum SettingsView {
  /// Draws the screen.
  static func render(_ state: SettingsFeature.State, context: ViewContext, into canvas: inout Canvas) {
    Chrome.titleBar(&canvas, "Settings")
    var line = 2
    for row in SettingsFeature.Row.allCases where line < canvas.height - 3 {
      let focused = row == state.focus
      canvas.write(label(row), row: line, column: 2, style: focused ? .accent : .normal)
      let text = value(row, state)
      canvas.write(
        focused ? "‹ \(text) ›" : "  \(text)", row: line, column: 32, style: focused ? .accent : .bold)
      if focused { canvas.highlight(row: line) }
      line += 2
    }
    canvas.write(explanation(state.focus), row: line, column: 2, style: .dim)
    canvas.write(context.settingsNote, row: line + 2, column: 2, style: .dim)
    Chrome.hints(&canvas, [("↑↓", "choose"), ("← → Space", "change"), ("Esc", "back")])
  }

  private static func label(_ row: SettingsFeature.Row) -> String {
    switch row {
    case .theme: "Theme"
    case .hideCodes: "Hide codes until selected"
    case .sortOrder: "Sort order"
    case .autoLock: "Auto-lock"
    }
  }

  private static func value(_ row: SettingsFeature.Row, _ state: SettingsFeature.State) -> String {
    let settings = state.settings
    switch row {
    case .theme: return settings.theme.rawValue
    case .hideCodes: return settings.hideCodes ? "yes" : "no"
    case .sortOrder: return settings.sortOrder.rawValue
    case .autoLock:
      let minutes = settings.autoLockMinutes
      return minutes == 0 ? "never" : "after \(minutes) idle minute\(minutes == 1 ? "" : "s")"
    }
  }

  private static func explanation(_ row: SettingsFeature.Row) -> String {
    switch row {
    case .theme: "auto keeps the terminal's colours; light and dark set the background."
    case .hideCodes: "Codes show as dots until their account is selected."
    case .sortOrder: "Favorites come first; then by issuer, by name, or as stored in the vault."
    case .autoLock: "The vault locks again after this long without a key press."
    }
  }
}
