import CAdwaita
import Domain
import Presentation

/// Preferences, an `AdwPreferencesWindow` over the main window while the route is the settings:
/// the style (three linked toggle buttons, Follow System, Light and Dark, applied through
/// libadwaita's style manager), hidden codes, the order of the list and the
/// auto-lock; every change is saved at once, as on the terminal. "Unlock with the login keyring"
/// keeps the vault's key in the keyring (or removes it) as `twofold keyring` does; when the
/// agent keeps the vault's secrets, the vault's password is asked in the row below it first.
@MainActor
final class SettingsPage {
  let window: Widget
  /// The style's toggle buttons, in the order of `styles`: one group, the chosen one active.
  private let styleButtons: [Widget]
  private let hideCodes: Widget
  private let sortOrder: Widget
  private let autoLock: Widget
  private let keyringRow: Widget
  private let keyringSwitch: Widget
  /// The vault's password, shown while keeping the key needs it.
  private let keyringPassword: Widget
  private var rendering = false
  private var settings = AppSettings()

  /// The style choices in the order the style row shows them.
  static let styles: [(AppSettings.Theme, String)] = [
    (.auto, "Follow System"), (.light, "Light"), (.dark, "Dark"),
  ]

  static let sortNames: [(AppSettings.SortOrder, String)] = [
    (.issuer, "Issuer, then name"), (.name, "Name, then issuer"), (.vault, "As stored in the vault"),
  ]

  init(note: String, over parent: Widget, send: @escaping @MainActor (AppFeature.Action) -> Void) {
    window = adw_preferences_window_new()!
    gtk_window_set_transient_for(cast(window), cast(parent))
    gtk_window_set_modal(cast(window), 1)
    gtk_window_set_hide_on_close(cast(window), 1)
    gtk_window_set_title(cast(window), "Preferences")
    gtk_window_set_default_size(cast(window), 560, 620)
    adw_preferences_window_set_search_enabled(cast(window), 0)

    styleButtons = Self.styles.map { gtk_toggle_button_new_with_label($0.1)! }
    let style = Self.styleRow(styleButtons)
    let hide = Rows.switchRow("Hide codes", subtitle: "Until the account is selected")
    hideCodes = hide.control
    sortOrder = Rows.combo("Sort order", Self.sortNames.map(\.1))
    autoLock =
      Rows.combo(
        "Lock when idle",
        SettingsFeature.autoLockChoices.map {
          $0 == 0 ? "Never" : $0 == 1 ? "After 1 minute" : "After \($0) minutes"
        }
      )
    let keyring = Rows.switchRow("Unlock with the login keyring")
    keyringRow = keyring.row
    keyringSwitch = keyring.control
    keyringPassword = Rows.entry("Vault password", secret: true)
    adw_entry_row_set_show_apply_button(cast(keyringPassword), 1)
    let security = Rows.group("Security", [autoLock, keyringRow, keyringPassword])
    let page = adw_preferences_page_new()!
    adw_preferences_page_set_title(cast(page), "General")
    adw_preferences_page_set_icon_name(cast(page), "preferences-system-symbolic")
    for group in [
      Rows.group("Appearance", [style]), Rows.group("Accounts", [hide.row, sortOrder]), security,
      Rows.group(description: note),
    ] {
      adw_preferences_page_add(cast(page), cast(group))
    }
    adw_preferences_window_add(cast(window), cast(page))

    connectClosing(send: send)
    connectChoices(send: send)
  }

  /// The style row: its toggle buttons linked, one group.
  private static func styleRow(_ buttons: [Widget]) -> Widget {
    for button in buttons.dropFirst() {
      gtk_toggle_button_set_group(cast(button), cast(buttons[0]))
    }
    let box = UI.box(false, spacing: 0, buttons)
    gtk_widget_add_css_class(box, "linked")
    gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
    let row = Rows.action("Style")
    adw_action_row_add_suffix(cast(row), box)
    return row
  }

  /// Closing the window (or Escape) goes back to the screen below.
  private func connectClosing(send: @escaping @MainActor (AppFeature.Action) -> Void) {
    Signal.connectStopping(window, "close-request") { [unowned self] in
      if !self.rendering { send(.settings(.closed)) }
      return false
    }
    // Escape closes the preferences, as it leaves the other screens.
    let keys = gtk_event_controller_key_new()!
    Signal.connectKey(keys, "key-pressed") { [unowned self] key, _ in
      guard key == UInt32(GDK_KEY_Escape) else { return false }
      gtk_window_close(cast(self.window))
      return true
    }
    gtk_widget_add_controller(window, keys)
  }

  /// Every control the person changes (not those the page draws) sends the settings it now shows,
  /// the keyring's switch and password their own actions.
  private func connectChoices(send: @escaping @MainActor (AppFeature.Action) -> Void) {
    let changed: @MainActor () -> Void = { [unowned self] in
      guard !self.rendering else { return }
      send(.settings(.changed(self.chosen())))
    }
    for row in [sortOrder, autoLock] { Signal.connect(row, "notify::selected", changed) }
    // Choosing a style turns the last one off first: only the button turned on says so.
    for button in styleButtons {
      Signal.connect(button, "toggled") {
        if gtk_toggle_button_get_active(cast(button)) != 0 { changed() }
      }
    }
    Signal.connect(hideCodes, "notify::active", changed)
    Signal.connect(keyringSwitch, "notify::active") { [unowned self] in
      guard !self.rendering else { return }
      send(.settings(.keyringToggled(Rows.isOn(self.keyringSwitch))))
    }
    for signal in ["apply", "entry-activated"] {
      Signal.connect(keyringPassword, signal) { [unowned self] in
        guard !self.rendering else { return }
        let password = UI.text(of: self.keyringPassword)
        UI.setText(self.keyringPassword, "")
        send(.settings(.keyringPasswordEntered(password)))
      }
    }
  }

  /// The settings the controls show.
  private func chosen() -> AppSettings {
    var chosen = settings
    if let style = styleButtons.firstIndex(where: { gtk_toggle_button_get_active(cast($0)) != 0 }) {
      chosen.theme = Self.styles[style].0
    }
    chosen.hideCodes = Rows.isOn(hideCodes)
    let sort = Rows.selected(sortOrder)
    if sort < Self.sortNames.count { chosen.sortOrder = Self.sortNames[sort].0 }
    let lock = Rows.selected(autoLock)
    if lock < SettingsFeature.autoLockChoices.count {
      chosen.autoLockMinutes = SettingsFeature.autoLockChoices[lock]
    }
    return chosen
  }

  /// Shows the window with `state` while `shown`, and hides it otherwise.
  func render(_ state: SettingsFeature.State, shown: Bool) {
    rendering = true
    defer { rendering = false }
    guard shown else {
      UI.visible(window, false)
      return
    }
    settings = state.settings
    let style = styleButtons[Self.styles.firstIndex { $0.0 == settings.theme } ?? 0]
    if gtk_toggle_button_get_active(cast(style)) == 0 { gtk_toggle_button_set_active(cast(style), 1) }
    Rows.setOn(hideCodes, settings.hideCodes)
    Rows.select(sortOrder, Self.sortNames.firstIndex { $0.0 == settings.sortOrder } ?? 0)
    let choices = SettingsFeature.autoLockChoices
    Rows.select(autoLock, choices.firstIndex(of: settings.autoLockMinutes) ?? choices.count - 1)
    UI.visible(keyringRow, state.keyringAvailable)
    Rows.setOn(keyringSwitch, state.keyringEnabled || state.keyringAsksPassword)
    UI.visible(keyringPassword, state.keyringAvailable && state.keyringAsksPassword)
    let asking = "Type the vault's password to keep its key: the agent keeps the secrets"
    adw_action_row_set_subtitle(
      cast(keyringRow),
      state.keyringMessage ?? (state.keyringAsksPassword ? asking : "Keeps the vault's key in the keyring"))
    UI.style(keyringRow, "error", state.keyringMessage != nil)
    if gtk_widget_get_visible(window) == 0 { gtk_window_present(cast(window)) }
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
