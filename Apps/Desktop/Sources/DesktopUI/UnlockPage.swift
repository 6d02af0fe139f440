import CAdwaita
import Presentation

/// The password screen: an entry, Unlock, and the sentence of the last failure.
@MainActor
final class UnlockPage {
  let widget: Widget
  private let entry: Widget
  private let message: Widget
  private let location: Widget

  init(send: @escaping @MainActor (AppFeature.Action) -> Void) {
    entry = gtk_password_entry_new()!
    twofold_accessible_label(entry, "Password")
    gtk_password_entry_set_show_peek_icon(cast(entry), 1)
    message = UI.label(classes: ["error"], wrap: true)
    twofold_accessible_label(message, "Unlock message")
    location = UI.label(classes: ["dim-label"], wrap: true)
    let title = UI.label("Unlock the vault", classes: ["title-2"])
    let unlock = UI.button("_Unlock", classes: ["suggested-action", "pill"]) { send(.unlock(.submitted)) }
    let form = UI.box(true, spacing: 12, [title, location, entry, unlock, message])
    // As wide as 320 px where there is room, narrower in a phone-sized window.
    let clamp = adw_clamp_new()!
    adw_clamp_set_maximum_size(cast(clamp), 320)
    adw_clamp_set_tightening_threshold(cast(clamp), 320)
    adw_clamp_set_child(cast(clamp), form)
    gtk_widget_set_valign(clamp, GTK_ALIGN_CENTER)
    UI.margins(clamp, 24)
    let editable = entry
    Signal.connect(entry, "changed") { send(.unlock(.passwordChanged(UI.text(of: editable)))) }
    Signal.connect(entry, "activate") { send(.unlock(.submitted)) }
    widget = UI.page(header: UI.headerBar(title: "Twofold").bar, content: clamp, scrolls: false)
  }

  /// The entry, to focus when the screen shows.
  var focusTarget: Widget { entry }

  func render(_ state: UnlockFeature.State) {
    UI.setText(entry, state.password)
    UI.set(location, state.vaultLocation)
    UI.set(message, state.message ?? "")
    UI.visible(message, state.message != nil)
  }
}
