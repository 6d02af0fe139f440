import CAdwaita
import Domain
import Presentation

/// The widgets of one visible row of the list, reused by the list view for whichever account
/// it shows; `fill` draws an `AccountRow`, changing only labels whose text changed.
@MainActor
final class AccountRowWidgets {
  let root: Widget
  private let issuer = UI.label(classes: ["heading"])
  private let name = UI.label(classes: ["dim-label"])
  private let code = UI.label(classes: ["code"])
  private let next = UI.label(classes: ["next-code", "dim-label"])
  private let countdown = CountdownDial()
  private let generate: Widget
  private let shown: Shown
  /// The account shown, which the row's buttons act on.
  var id: Account.ID? { shown.id }
  private var accessibleLabel = ""

  /// The row's buttons call `action` with the account shown.
  init(action: @escaping @MainActor (Account.ID, RowAction) -> Void) {
    let shown = Shown()
    let current = { shown.id }
    generate = UI.button("_Generate") { if let id = current() { action(id, .generate) } }
    twofold_accessible_label(generate, "Generate code")
    let copy = UI.iconButton("edit-copy-symbolic", name: "Copy") {
      if let id = current() { action(id, .copy) }
    }
    let details = UI.iconButton("document-properties-symbolic", name: "Details") {
      if let id = current() { action(id, .details) }
    }
    let delete = UI.iconButton("user-trash-symbolic", name: "Delete") {
      if let id = current() { action(id, .delete) }
    }
    let labels = UI.box(true, spacing: 2, [issuer, name])
    gtk_widget_set_hexpand(labels, 1)
    let codes = UI.box(true, spacing: 0, [code, next])
    gtk_widget_set_halign(code, GTK_ALIGN_END)
    gtk_widget_set_halign(next, GTK_ALIGN_END)
    gtk_label_set_xalign(cast(code), 1)
    gtk_label_set_xalign(cast(next), 1)
    gtk_label_set_selectable(cast(code), 0)
    for widget in [generate, copy, details, delete] { gtk_widget_set_valign(widget, GTK_ALIGN_CENTER) }
    root = UI.box(false, spacing: 12, [labels, codes, countdown.widget, generate, copy, details, delete])
    UI.margins(root, 6)
    self.shown = shown
  }

  /// The account a row shows, shared with its buttons' handlers.
  private final class Shown {
    var id: Account.ID?
  }

  /// What a row's button asks for.
  enum RowAction { case copy, generate, details, delete }

  /// Shows `row`, or nothing when the account is gone.
  /// `dial` is false while the list shows one countdown for every row (they share a period).
  func fill(_ row: AccountRow?, dial: Bool = true) {
    shown.id = row?.id
    guard let row else {
      UI.set(issuer, "")
      UI.set(name, "")
      UI.set(code, "")
      return
    }
    UI.set(issuer, row.issuer.isEmpty ? row.name : row.issuer)
    UI.set(name, row.issuer.isEmpty ? "" : row.name)
    if let problem = row.problem {
      UI.set(code, problem)
    } else {
      UI.set(code, row.code ?? (row.isCounterBased ? "" : "••• •••"))
    }
    UI.set(next, row.nextCode.map { "next \($0)" } ?? "")
    UI.visible(next, row.nextCode != nil)
    if dial, let remaining = row.remaining, let period = row.period {
      countdown.show(remaining: remaining, period: period, ending: row.isEnding)
    }
    UI.visible(countdown.widget, dial && row.remaining != nil)
    UI.visible(generate, row.isCounterBased)
    let favorite = row.favorite ? "favorite, " : ""
    let label = "\(favorite)\(row.issuer), \(row.name)"
    if label != accessibleLabel {
      accessibleLabel = label
      twofold_accessible_description(root, label)
    }
  }
}
