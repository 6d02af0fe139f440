import CAdwaita
import Presentation

/// The export dialog over the list, drawn from `ExportFeature.State`: the format, what a plain
/// format exposes, the export's password twice, the vault's password when the agent keeps the
/// secrets, and the file; Export is enabled once nothing is missing.
@MainActor
final class ExportDialog {
  let window: Widget
  private let format: Widget
  private let warning = UI.label(classes: ["problem"], wrap: true)
  private let exportPassword: Widget
  private let confirmation: Widget
  private let vaultPassword: Widget
  private let exportRows: Widget
  private let vaultRow: Widget
  private let destination = UI.label(classes: ["dim-label"], wrap: true)
  private let missing = UI.label(classes: ["dim-label"], wrap: true)
  private var rendering = false

  /// A dialog over `parent`; `chooseFile` asks where to write; `closed` runs with the answer.
  init(
    over parent: Widget, send: @escaping @MainActor (AppFeature.Action) -> Void,
    chooseFile: @escaping @MainActor (ExportFeature.Format) -> Void,
    closed: @escaping @MainActor (_ export: Bool) -> Void
  ) {
    format = UI.dropDown(ExportFeature.Format.allCases.map(\.title), name: "Export format")
    exportPassword = gtk_password_entry_new()!
    twofold_accessible_label(exportPassword, "Export password")
    confirmation = gtk_password_entry_new()!
    twofold_accessible_label(confirmation, "Export password again")
    vaultPassword = gtk_password_entry_new()!
    twofold_accessible_label(vaultPassword, "Vault password")
    let chosenFormat = format
    let choose = UI.button("Choose the _file…") {
      let all = ExportFeature.Format.allCases
      chooseFile(all[min(UI.selected(chosenFormat), all.count - 1)])
    }
    exportRows = UI.box(
      true, spacing: 4,
      [
        UI.label("Password for the export (twice)", classes: ["caption-heading"]), exportPassword,
        confirmation,
      ])
    vaultRow = UI.box(
      true, spacing: 4,
      [
        UI.label("The vault's password (the agent keeps the secrets)", classes: ["caption-heading"]),
        vaultPassword,
      ])
    let content = UI.box(
      true, spacing: 8,
      [format, warning, exportRows, vaultRow, UI.box(false, spacing: 8, [choose, destination]), missing])
    window = UI.messageDialog(
      over: parent, heading: "Export the vault", content: content, answer: ("export", "_Export"))
    Signal.connect(format, "notify::selected") { [unowned self] in
      guard !self.rendering else { return }
      let all = ExportFeature.Format.allCases
      let index = UI.selected(self.format)
      if index < all.count { send(.exporting(.formatChosen(all[index]))) }
    }
    for (entry, action) in [
      (exportPassword, ExportFeature.Action.exportPasswordChanged),
      (confirmation, ExportFeature.Action.confirmationChanged),
      (vaultPassword, ExportFeature.Action.vaultPasswordChanged),
    ] {
      Signal.connect(entry, "changed") { [unowned self] in
        guard !self.rendering else { return }
        send(.exporting(action(UI.text(of: entry))))
      }
    }
    Signal.connectPointer(window, "response") { response in
      closed(response.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } == "export")
    }
    gtk_window_present(cast(window))
  }

  func render(_ state: ExportFeature.State) {
    rendering = true
    defer { rendering = false }
    UI.select(format, ExportFeature.Format.allCases.firstIndex(of: state.format) ?? 0)
    UI.set(warning, state.warning ?? "")
    UI.visible(warning, state.warning != nil)
    UI.visible(exportRows, state.format == .aegis)
    UI.visible(vaultRow, state.needsVaultPassword)
    UI.setText(exportPassword, state.exportPassword)
    UI.setText(confirmation, state.confirmation)
    UI.setText(vaultPassword, state.vaultPassword)
    UI.set(destination, state.destination ?? "No file chosen yet.")
    let sentence = state.message ?? state.missing
    UI.set(missing, sentence ?? "")
    UI.visible(missing, sentence != nil)
    adw_message_dialog_set_response_enabled(cast(window), "export", state.canExport ? 1 : 0)
  }
}
