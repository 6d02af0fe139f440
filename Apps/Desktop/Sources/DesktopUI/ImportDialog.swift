import CAdwaita
import Presentation

/// The import dialog over the list, drawn from `ImportFeature.State`: the file's password when it
/// is encrypted, the report of what importing would do, the choice to skip unreadable entries,
/// and Import, enabled only when the import would do what the report says.
@MainActor
final class ImportDialog {
  let window: Widget
  private let message = UI.label(wrap: true)
  private let password: Widget
  private let passwordRow: Widget
  private let report = UI.label(classes: ["monospace"], wrap: true)
  private let skipBad: Widget
  private var rendering = false

  /// A dialog over `parent`; `closed` runs with the answer when it closes.
  init(
    over parent: Widget, file: String, send: @escaping @MainActor (AppFeature.Action) -> Void,
    closed: @escaping @MainActor (_ imported: Bool) -> Void
  ) {
    let name = file.split(separator: "/").last.map(String.init) ?? file
    password = gtk_password_entry_new()!
    twofold_accessible_label(password, "File password")
    gtk_widget_set_hexpand(password, 1)
    let open = UI.button("_Open") { send(.importing(.passwordSubmitted)) }
    passwordRow = UI.box(false, spacing: 6, [password, open])
    gtk_label_set_selectable(cast(report), 1)
    twofold_accessible_label(report, "Import report")
    skipBad = gtk_check_button_new_with_label("Skip the entries that cannot be read")!
    let content = UI.box(true, spacing: 12, [message, passwordRow, report, skipBad])
    window = UI.messageDialog(
      over: parent, heading: "Import from \(name)", content: content, answer: ("import", "_Import"))
    Signal.connect(skipBad, "toggled") { [unowned self] in
      guard !self.rendering else { return }
      send(.importing(.skipBadChanged(UI.isActive(self.skipBad))))
    }
    let entry = password
    Signal.connect(entry, "changed") { [unowned self] in
      guard !self.rendering else { return }
      send(.importing(.passwordChanged(UI.text(of: entry))))
    }
    Signal.connect(entry, "activate") { send(.importing(.passwordSubmitted)) }
    Signal.connectPointer(window, "response") { response in
      let answer = response.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
      closed(answer == "import")
    }
    gtk_window_present(cast(window))
  }

  func render(_ state: ImportFeature.State) {
    rendering = true
    defer { rendering = false }
    let sentence = state.message ?? state.blocked ?? (state.preview == nil ? "Reading the file…" : nil)
    UI.set(message, sentence ?? "")
    UI.visible(message, sentence != nil)
    UI.visible(passwordRow, state.asksPassword)
    UI.setText(password, state.password)
    let lines = state.reportLines.joined(separator: "\n")
    UI.set(report, lines)
    UI.visible(report, !lines.isEmpty)
    UI.visible(skipBad, state.preview.map { !$0.failed.isEmpty } == true || state.incomplete != nil)
    UI.setActive(skipBad, state.skipBad)
    adw_message_dialog_set_response_enabled(cast(window), "import", state.canImport ? 1 : 0)
    if state.asksPassword { gtk_widget_grab_focus(password) }
  }
}
