import CAdwaita

/// The keyboard shortcuts window (GtkShortcutsWindow), built from its description.
@MainActor
enum ShortcutsWindow {
  /// Every shortcut of the window, in sections as the shortcuts window shows them.
  static let groups: [(title: String, shortcuts: [(keys: String, title: String)])] = [
    (
      "Accounts",
      [
        ("Return", "Copy the selected code (as a click on its row does)"),
        ("<Alt>Return", "Details of the selected account"),
        ("Menu", "The selected account's menu: Details, Delete…"),
        ("<Shift>F10", "The selected account's menu (as a right click or long press on it)"),
        ("<Control>c", "Copy the selected code (cleared after 30 s)"),
        ("<Control>f", "Search (or just type)"), ("Escape", "Clear the search, or go back"),
        ("<Control>g", "Generate the next HOTP code"), ("<Control>n", "Add an account"),
        ("<Control>e", "Edit the selected account"), ("<Control>i", "Details of the selected account"),
        ("Delete", "Delete the selected account (asks first)"),
      ]
    ),
    (
      "Application",
      [
        ("F10", "Main menu"), ("<Control>comma", "Preferences"), ("<Control>question", "Keyboard shortcuts"),
        ("<Control>q", "Quit"), ("<Control>w", "Close the window"),
      ]
    ),
  ]

  static var xml: String {
    func escaped(_ text: String) -> String {
      var result = ""
      for character in text {
        switch character {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        default: result.append(character)
        }
      }
      return result
    }
    var body = ""
    for group in groups {
      body +=
        "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">\(escaped(group.title))</property>"
      for shortcut in group.shortcuts {
        body +=
          "<child><object class=\"GtkShortcutsShortcut\"><property name=\"accelerator\">\(escaped(shortcut.keys))</property>"
          + "<property name=\"title\">\(escaped(shortcut.title))</property></object></child>"
      }
      body += "</object></child>"
    }
    return """
      <interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property>
      <child><object class="GtkShortcutsSection"><property name="section-name">main</property>
      \(body)</object></child></object></interface>
      """
  }

  /// Shows the window over `parent`; `closed` runs when it closes.
  static func present(over parent: Widget, closed: @escaping @MainActor () -> Void) {
    let builder = gtk_builder_new_from_string(xml, -1)
    guard let object = gtk_builder_get_object(builder, "shortcuts") else { return }
    let window: Widget = cast(object)
    gtk_window_set_transient_for(cast(window), cast(parent))
    Signal.connectStopping(window, "close-request") {
      closed()
      return false
    }
    gtk_window_present(cast(window))
    g_object_unref(builder.map { UnsafeMutableRawPointer($0) })
  }
}
