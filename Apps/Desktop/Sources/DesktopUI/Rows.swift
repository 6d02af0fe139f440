import CAdwaita

/// The libadwaita rows the forms, the details and the preferences are built from (libadwaita
/// 1.2: no AdwSwitchRow, no property rows), each named for screen readers by its title.
@MainActor
enum Rows {
  /// A preferences group with a title (none when empty) and a description.
  static func group(_ title: String = "", description: String = "", _ rows: [Widget] = []) -> Widget {
    let group = adw_preferences_group_new()!
    if !title.isEmpty { adw_preferences_group_set_title(cast(group), title) }
    if !description.isEmpty { adw_preferences_group_set_description(cast(group), description) }
    for row in rows { adw_preferences_group_add(cast(group), row) }
    return group
  }

  /// An entry row titled `title` (its accessible name); a password entry row when `secret`.
  static func entry(_ title: String, secret: Bool = false) -> Widget {
    let row = secret ? adw_password_entry_row_new()! : adw_entry_row_new()!
    adw_preferences_row_set_title(cast(row), title)
    return row
  }

  /// A row showing `title` and `subtitle`.
  static func action(_ title: String, subtitle: String = "") -> Widget {
    let row = adw_action_row_new()!
    adw_preferences_row_set_title(cast(row), title)
    if !subtitle.isEmpty { adw_action_row_set_subtitle(cast(row), subtitle) }
    return row
  }

  /// A row with a switch at its end, which the whole row toggles; GTK names the switch by the title.
  static func switchRow(_ title: String, subtitle: String = "") -> (row: Widget, control: Widget) {
    let row = action(title, subtitle: subtitle)
    let control = gtk_switch_new()!
    gtk_widget_set_valign(control, GTK_ALIGN_CENTER)
    adw_action_row_add_suffix(cast(row), control)
    adw_action_row_set_activatable_widget(cast(row), control)
    return (row, control)
  }

  /// Whether a switch is on.
  static func isOn(_ control: Widget) -> Bool { gtk_switch_get_active(cast(control)) != 0 }

  /// Turns a switch on or off when that changes.
  static func setOn(_ control: Widget, _ on: Bool) {
    if isOn(control) != on { gtk_switch_set_active(cast(control), on ? 1 : 0) }
  }

  /// A combo row titled `title` choosing among `items`.
  static func combo(_ title: String, _ items: [String]) -> Widget {
    let row = adw_combo_row_new()!
    adw_preferences_row_set_title(cast(row), title)
    let model = withCStrings(items) { gtk_string_list_new($0) }!
    adw_combo_row_set_model(cast(row), cast(model))
    g_object_unref(UnsafeMutableRawPointer(model))
    return row
  }

  /// Replaces the items of a combo row (made by `combo`) when they differ.
  static func setItems(_ row: Widget, _ items: [String]) {
    guard let model = adw_combo_row_get_model(cast(row)) else { return }
    let count = g_list_model_get_n_items(model)
    var current: [String] = []
    for index in 0..<count {
      if let text = gtk_string_list_get_string(cast(model), index) { current.append(String(cString: text)) }
    }
    guard current != items else { return }
    withCStrings(items) { gtk_string_list_splice(cast(model), 0, count, $0) }
  }

  /// The chosen item of a combo row.
  static func selected(_ row: Widget) -> Int { Int(adw_combo_row_get_selected(cast(row))) }

  /// Chooses an item of a combo row when that changes.
  static func select(_ row: Widget, _ index: Int) {
    if selected(row) != index { adw_combo_row_set_selected(cast(row), UInt32(index)) }
  }

  /// A row holding only a small error label, hidden until `show(problem:)` gives it a sentence:
  /// the problem of the row above it.
  static func problem() -> (row: Widget, label: Widget) {
    let row = adw_preferences_row_new()!
    gtk_list_box_row_set_activatable(cast(row), 0)
    gtk_list_box_row_set_selectable(cast(row), 0)
    gtk_widget_set_focusable(row, 0)
    gtk_widget_add_css_class(row, "problem-row")
    let label = UI.label(classes: ["error", "caption"], wrap: true)
    gtk_widget_set_margin_start(label, 12)
    gtk_widget_set_margin_end(label, 12)
    gtk_widget_set_margin_top(label, 6)
    gtk_widget_set_margin_bottom(label, 6)
    gtk_list_box_row_set_child(cast(row), label)
    gtk_widget_set_visible(row, 0)
    return (row, label)
  }

  /// Shows `problem` under `field` (in the problem row made by `problem()`), marks the field with
  /// the error style and describes it with the problem for screen readers; hides it when nil.
  static func show(problem: String?, field: Widget, row: Widget, label: Widget) {
    UI.set(label, problem ?? "")
    UI.visible(row, problem != nil)
    UI.style(field, "error", problem != nil)
    twofold_accessible_description(field, problem ?? "")
  }
}
