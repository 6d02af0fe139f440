import CAdwaita
import Presentation

/// The primary menu of the header bar (GNOME's "main menu", F10): Import, Export, then
/// Preferences, Keyboard Shortcuts and About Twofold, the items of `AppFeature.MenuItem`. Each
/// item is an action of the window's `win.` group (named by the item's raw value), which calls the
/// handler given to `install` with the item chosen.
@MainActor
enum PrimaryMenu {
  /// The sections the menu shows the items in, as GNOME apps order them.
  static let sections: [[AppFeature.MenuItem]] = [
    [.importFile, .export], [.preferences, .keyboardShortcuts, .about],
  ]

  /// The menu button: `open-menu-symbolic`, named "Main menu", opened by F10 too.
  static func button() -> Widget {
    let menu = g_menu_new()!
    for section in sections {
      let part = g_menu_new()!
      for item in section { g_menu_append(part, item.title, "win.\(item.rawValue)") }
      g_menu_append_section(menu, nil, cast(part))
      g_object_unref(UnsafeMutableRawPointer(part))
    }
    let button = gtk_menu_button_new()!
    gtk_menu_button_set_icon_name(cast(button), "open-menu-symbolic")
    gtk_menu_button_set_menu_model(cast(button), cast(menu))
    gtk_menu_button_set_primary(cast(button), 1)
    gtk_widget_set_tooltip_text(button, "Main Menu")
    twofold_accessible_label(button, "Main menu")
    g_object_unref(UnsafeMutableRawPointer(menu))
    return button
  }

  /// Adds the menu's actions to `window`, each calling `chosen` with its item.
  static func install(on window: Widget, chosen: @escaping @MainActor (AppFeature.MenuItem) -> Void) {
    for item in AppFeature.MenuItem.allCases {
      let action = g_simple_action_new(item.rawValue, nil)!
      Signal.connectPointer(action, "activate") { _ in chosen(item) }
      g_action_map_add_action(cast(window), cast(action))
      g_object_unref(UnsafeMutableRawPointer(action))
    }
  }
}
