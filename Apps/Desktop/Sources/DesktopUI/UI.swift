import CAdwaita

/// The few widget calls the screens repeat, named for what they do.
@MainActor
enum UI {
  /// A label, left-aligned, with CSS classes.
  static func label(_ text: String = "", classes: [String] = [], wrap: Bool = false) -> Widget {
    let label = gtk_label_new(text)!
    gtk_label_set_xalign(cast(label), 0)
    if wrap {
      gtk_label_set_wrap(cast(label), 1)
    } else {
      gtk_label_set_ellipsize(cast(label), PANGO_ELLIPSIZE_END)
    }
    for name in classes { gtk_widget_add_css_class(label, name) }
    return label
  }

  /// Replaces a label's text when it differs (an unchanged label is not redrawn).
  static func set(_ label: Widget, _ text: String) {
    if let current = gtk_label_get_text(cast(label)), String(cString: current) == text { return }
    gtk_label_set_text(cast(label), text)
  }

  /// A button with a text label (`_` before the mnemonic letter). The label is the button's own
  /// child rather than its `label` property, which GTK 4.8 would name it with a second time.
  static func button(_ title: String, classes: [String] = [], action: @escaping @MainActor () -> Void)
    -> Widget
  {
    let button = gtk_button_new()!
    gtk_button_set_child(cast(button), gtk_label_new_with_mnemonic(title))
    twofold_accessible_label(button, String(title.filter { $0 != "_" }))
    for name in classes { gtk_widget_add_css_class(button, name) }
    Signal.connect(button, "clicked", action)
    return button
  }

  /// Replaces the label of a button made by `button` when it differs.
  static func setLabel(_ button: Widget, _ title: String) {
    guard let label = gtk_button_get_child(cast(button)) else { return }
    if let current = gtk_label_get_label(cast(label)), String(cString: current) == title { return }
    gtk_label_set_text_with_mnemonic(cast(label), title)
    twofold_accessible_label(button, String(title.filter { $0 != "_" }))
  }

  /// A button with an icon, named `name` for screen readers and in its tooltip.
  static func iconButton(
    _ icon: String, name: String, classes: [String] = ["flat"], action: @escaping @MainActor () -> Void
  ) -> Widget {
    let button = gtk_button_new_from_icon_name(icon)!
    gtk_widget_set_tooltip_text(button, name)
    twofold_accessible_label(button, name)
    for name in classes { gtk_widget_add_css_class(button, name) }
    Signal.connect(button, "clicked", action)
    return button
  }

  /// A box of `children`.
  static func box(_ vertical: Bool, spacing: Int32 = 6, _ children: [Widget] = []) -> Widget {
    let box = gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing)!
    for child in children { gtk_box_append(cast(box), child) }
    return box
  }

  /// Adds `widget` at the end of `box`.
  static func append(_ box: Widget, _ widget: Widget) { gtk_box_append(cast(box), widget) }

  /// Margins on every side.
  static func margins(_ widget: Widget, _ size: Int32) {
    gtk_widget_set_margin_start(widget, size)
    gtk_widget_set_margin_end(widget, size)
    gtk_widget_set_margin_top(widget, size)
    gtk_widget_set_margin_bottom(widget, size)
  }

  /// Shows or hides a widget when that changes.
  static func visible(_ widget: Widget, _ visible: Bool) {
    if (gtk_widget_get_visible(widget) != 0) != visible { gtk_widget_set_visible(widget, visible ? 1 : 0) }
  }

  /// Makes a widget sensitive or not when that changes.
  static func sensitive(_ widget: Widget, _ sensitive: Bool) {
    if (gtk_widget_get_sensitive(widget) != 0) != sensitive {
      gtk_widget_set_sensitive(widget, sensitive ? 1 : 0)
    }
  }

  /// Adds or removes a CSS class.
  static func style(_ widget: Widget, _ name: String, _ on: Bool) {
    if (gtk_widget_has_css_class(widget, name) != 0) != on {
      if on { gtk_widget_add_css_class(widget, name) } else { gtk_widget_remove_css_class(widget, name) }
    }
  }

  /// An entry's text.
  static func text(of editable: Widget) -> String {
    gtk_editable_get_text(cast(editable)).map { String(cString: $0) } ?? ""
  }

  /// Replaces an entry's text when it differs (so the cursor stays where the person typed).
  static func setText(_ editable: Widget, _ text: String) {
    if UI.text(of: editable) != text { gtk_editable_set_text(cast(editable), text) }
  }

  /// An entry named `name` for screen readers, with a placeholder.
  static func entry(name: String, placeholder: String = "") -> Widget {
    let entry = gtk_entry_new()!
    twofold_accessible_label(entry, name)
    gtk_entry_set_placeholder_text(cast(entry), placeholder)
    return entry
  }

  /// A drop-down list of `items`.
  static func dropDown(_ items: [String], name: String) -> Widget {
    let dropDown = withCStrings(items) { gtk_drop_down_new_from_strings($0) }!
    twofold_accessible_label(dropDown, name)
    return dropDown
  }

  /// The chosen item of a drop-down.
  static func selected(_ dropDown: Widget) -> Int { Int(gtk_drop_down_get_selected(cast(dropDown))) }

  /// Chooses an item of a drop-down when that changes.
  static func select(_ dropDown: Widget, _ index: Int) {
    if selected(dropDown) != index { gtk_drop_down_set_selected(cast(dropDown), UInt32(index)) }
  }

  /// A header bar with a title and subtitle.
  static func headerBar(title: String, subtitle: String = "") -> (bar: Widget, title: Widget) {
    let bar = adw_header_bar_new()!
    let heading = adw_window_title_new(title, subtitle)!
    adw_header_bar_set_title_widget(cast(bar), heading)
    return (bar, heading)
  }

  /// A page: a header bar above `content`, which scrolls when `scrolls`.
  static func page(header: Widget, content: Widget, scrolls: Bool = true) -> Widget {
    let page = box(true, spacing: 0, [header])
    var body = content
    if scrolls {
      body = gtk_scrolled_window_new()!
      gtk_scrolled_window_set_child(cast(body), content)
      gtk_scrolled_window_set_policy(cast(body), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    }
    gtk_widget_set_vexpand(body, 1)
    append(page, body)
    return page
  }

  /// A check button; a group makes radio buttons of several.
  static func check(_ title: String, group: Widget? = nil, toggled: @escaping @MainActor () -> Void) -> Widget
  {
    let check = gtk_check_button_new_with_label(title)!
    if let group { gtk_check_button_set_group(cast(check), cast(group)) }
    Signal.connect(check, "toggled", toggled)
    return check
  }

  /// Whether a check button is on.
  static func isActive(_ check: Widget) -> Bool { gtk_check_button_get_active(cast(check)) != 0 }

  /// Turns a check button on or off when that changes.
  static func setActive(_ check: Widget, _ on: Bool) {
    if isActive(check) != on { gtk_check_button_set_active(cast(check), on ? 1 : 0) }
  }
}

extension UI {
  /// Whether a widget is sensitive.
  static func isSensitive(_ widget: Widget) -> Bool { gtk_widget_get_sensitive(widget) != 0 }
}

extension UI {
  /// A message dialog over `parent` holding `content`, with Cancel and one suggested `answer`
  /// (response id, label); Escape cancels.
  static func messageDialog(
    over parent: Widget, heading: String, content: Widget, answer: (id: String, label: String)
  ) -> Widget {
    let dialog = adw_message_dialog_new(cast(parent), heading, nil)!
    gtk_widget_set_size_request(content, 420, -1)
    adw_message_dialog_set_extra_child(cast(dialog), content)
    adw_message_dialog_add_response(cast(dialog), "cancel", "_Cancel")
    adw_message_dialog_add_response(cast(dialog), answer.id, answer.label)
    adw_message_dialog_set_response_appearance(cast(dialog), answer.id, ADW_RESPONSE_SUGGESTED)
    adw_message_dialog_set_close_response(cast(dialog), "cancel")
    nameButtons(in: dialog)
    return dialog
  }

  /// The confirmation of deleting the account labelled `label`, over `parent`: Delete
  /// (destructive) or Cancel, the default; `answered(true)` once Delete is chosen, `false` for
  /// Cancel or closing. Nothing is written before the answer.
  static func deleteConfirmation(
    over parent: Widget, label: String, answered: @escaping @MainActor (Bool) -> Void
  ) -> Widget {
    let dialog = adw_message_dialog_new(
      cast(parent), "Delete \(label)?",
      "Its secret is removed from the vault (a backup of the file as it was is kept). Without another copy, codes for this account cannot be made again."
    )!
    adw_message_dialog_add_response(cast(dialog), "cancel", "_Cancel")
    adw_message_dialog_add_response(cast(dialog), "delete", "_Delete")
    adw_message_dialog_set_response_appearance(cast(dialog), "delete", ADW_RESPONSE_DESTRUCTIVE)
    adw_message_dialog_set_default_response(cast(dialog), "cancel")
    adw_message_dialog_set_close_response(cast(dialog), "cancel")
    nameButtons(in: dialog)
    Signal.connectPointer(dialog, "response") { response in
      answered(response.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } == "delete")
    }
    return dialog
  }

  /// Gives the text buttons below `widget` (a message dialog's responses, which libadwaita makes)
  /// their label as a child, so GTK 4.8 names each once ("Delete", not "_Delete Delete").
  static func nameButtons(in widget: Widget) {
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      if twofold_is_button(current) != 0, let label = gtk_button_get_label(cast(current)) {
        let title = String(cString: label)
        gtk_button_set_child(cast(current), gtk_label_new_with_mnemonic(title))
        twofold_accessible_label(current, String(title.filter { $0 != "_" }))
      } else {
        nameButtons(in: current)
      }
      child = gtk_widget_get_next_sibling(current)
    }
  }
}
