import CAdwaita

/// The primary menu of the header bar (GNOME's "main menu", F10): Import, Export, then
/// Preferences, Keyboard Shortcuts and About Twofold. Each item is an action of the window's
/// `win.` group, which calls the handler given to `install` with the item chosen.
@MainActor
enum PrimaryMenu {
  /// An item of the menu.
  enum Item: String, CaseIterable {
    case importFile = "import"
    case export
    case preferences
    case keyboardShortcuts = "shortcuts"
    case about

    /// The item's label, with its mnemonic.
    var label: String {
      switch self {
      case .importFile: "_Import…"
      case .export: "_Export…"
      case .preferences: "_Preferences"
      case .keyboardShortcuts: "_Keyboard Shortcuts"
      case .about: "_About Twofold"
      }
    }

    /// The sections the menu shows them in, as GNOME apps order them.
    static let sections: [[Item]] = [[.importFile, .export], [.preferences, .keyboardShortcuts, .about]]
  }

  /// The menu button: `open-menu-symbolic`, named "Main menu", opened by F10 too.
  static func button() -> Widget {
    let menu = g_menu_new()!
    for section in Item.sections {
      let part = g_menu_new()!
      for item in section { g_menu_append(part, item.label, "win.\(item.rawValue)") }
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
  static func install(on window: Widget, chosen: @escaping @MainActor (Item) -> Void) {
    for item in Item.allCases {
      let action = g_simple_action_new(item.rawValue, nil)!
      Signal.connectPointer(action, "activate") { _ in chosen(item) }
      g_action_map_add_action(cast(window), cast(action))
      g_object_unref(UnsafeMutableRawPointer(action))
    }
  }
}
