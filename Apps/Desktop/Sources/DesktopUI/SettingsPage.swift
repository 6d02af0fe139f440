import CAdwaita
import Domain
import Presentation

/// Preferences: the theme (through libadwaita's style manager), hidden codes, the order of the
/// list and the auto-lock; every change is saved at once, as on the terminal. "Unlock with the
/// login keyring" keeps the vault's key in the keyring (or removes it) as `twofold keyring` does.
@MainActor
final class SettingsPage {
  let widget: Widget
  private let themes: [(AppSettings.Theme, Widget)]
  private let hideCodes: Widget
  private let sortOrder: Widget
  private let autoLock: Widget
  private let note: Widget
  private let keyringRow: Widget
  private let keyringSwitch: Widget
  private let keyringMessage: Widget
  private var rendering = false
  private var settings = AppSettings()

  static let sortNames: [(AppSettings.SortOrder, String)] = [
    (.issuer, "Issuer, then name"), (.name, "Name, then issuer"), (.vault, "As stored in the vault"),
  ]

  init(note text: String, send: @escaping @MainActor (AppFeature.Action) -> Void) {
    let header = UI.headerBar(title: "Preferences")
    var changed: @MainActor (AppSettings.Theme?) -> Void = { _ in }
    // A radio group toggles twice per choice (one off, one on): only the one turned on counts.
    var auto: Widget!
    auto = UI.check("Auto (follow the system)") { if UI.isActive(auto) { changed(.auto) } }
    var light: Widget!
    light = UI.check("Light", group: auto) { if UI.isActive(light) { changed(.light) } }
    var dark: Widget!
    dark = UI.check("Dark", group: auto) { if UI.isActive(dark) { changed(.dark) } }
    themes = [(.auto, auto), (.light, light), (.dark, dark)]
    hideCodes = UI.check("Hide codes until the account is selected") { changed(nil) }
    sortOrder = UI.dropDown(Self.sortNames.map(\.1), name: "Sort order")
    autoLock = UI.dropDown(
      SettingsFeature.autoLockChoices.map {
        $0 == 0 ? "Never" : $0 == 1 ? "After 1 minute" : "After \($0) minutes"
      },
      name: "Auto-lock")
    note = UI.label(text, classes: ["dim-label"], wrap: true)
    let keyringName = "Unlock with the login keyring"
    keyringSwitch = gtk_switch_new()!
    gtk_widget_set_valign(keyringSwitch, GTK_ALIGN_CENTER)
    twofold_accessible_label(keyringSwitch, keyringName)
    let keyringLabel = UI.label(keyringName)
    gtk_widget_set_hexpand(keyringLabel, 1)
    keyringRow = UI.box(false, spacing: 12, [keyringLabel, keyringSwitch])
    keyringMessage = UI.label("", classes: ["error"], wrap: true)
    let back = UI.iconButton("go-previous-symbolic", name: "Back") { send(.settings(.closed)) }
    adw_header_bar_pack_start(cast(header.bar), back)
    let content = UI.box(
      true, spacing: 8,
      [
        UI.label("Theme", classes: ["heading"]), auto, light, dark, UI.label("Codes", classes: ["heading"]),
        hideCodes, UI.label("Sort order", classes: ["heading"]), sortOrder,
        UI.label("Lock when idle", classes: ["heading"]), autoLock, keyringRow, keyringMessage, note,
      ])
    UI.margins(content, 18)
    widget = UI.page(header: header.bar, content: content)
    changed = { [unowned self] theme in
      guard !self.rendering else { return }
      send(.settings(.changed(self.chosen(theme: theme))))
    }
    Signal.connect(sortOrder, "notify::selected") { changed(nil) }
    Signal.connect(autoLock, "notify::selected") { changed(nil) }
    Signal.connect(keyringSwitch, "notify::active") { [unowned self] in
      guard !self.rendering else { return }
      send(.settings(.keyringToggled(gtk_switch_get_active(cast(self.keyringSwitch)) != 0)))
    }
  }

  /// The settings the controls show, with `theme` when one was just chosen.
  private func chosen(theme: AppSettings.Theme?) -> AppSettings {
    var chosen = settings
    if let theme { chosen.theme = theme }
    chosen.hideCodes = UI.isActive(hideCodes)
    let sort = UI.selected(sortOrder)
    if sort < Self.sortNames.count { chosen.sortOrder = Self.sortNames[sort].0 }
    let lock = UI.selected(autoLock)
    if lock < SettingsFeature.autoLockChoices.count {
      chosen.autoLockMinutes = SettingsFeature.autoLockChoices[lock]
    }
    return chosen
  }

  func render(_ state: SettingsFeature.State) {
    rendering = true
    defer { rendering = false }
    settings = state.settings
    for (theme, check) in themes { UI.setActive(check, theme == settings.theme) }
    UI.setActive(hideCodes, settings.hideCodes)
    UI.select(sortOrder, Self.sortNames.firstIndex { $0.0 == settings.sortOrder } ?? 0)
    let choices = SettingsFeature.autoLockChoices
    UI.select(autoLock, choices.firstIndex(of: settings.autoLockMinutes) ?? choices.count - 1)
    gtk_widget_set_visible(keyringRow, state.keyringAvailable ? 1 : 0)
    if (gtk_switch_get_active(cast(keyringSwitch)) != 0) != state.keyringEnabled {
      gtk_switch_set_active(cast(keyringSwitch), state.keyringEnabled ? 1 : 0)
    }
    gtk_label_set_text(cast(keyringMessage), state.keyringMessage ?? "")
    gtk_widget_set_visible(keyringMessage, state.keyringMessage == nil ? 0 : 1)
  }

  /// Applies the theme to every window of the app.
  static func apply(_ theme: AppSettings.Theme) {
    let scheme: AdwColorScheme =
      switch theme {
      case .auto: ADW_COLOR_SCHEME_DEFAULT
      case .light: ADW_COLOR_SCHEME_FORCE_LIGHT
      case .dark: ADW_COLOR_SCHEME_FORCE_DARK
      }
    let manager = adw_style_manager_get_default()
    if adw_style_manager_get_color_scheme(manager) != scheme {
      adw_style_manager_set_color_scheme(manager, scheme)
    }
  }
}
