import CAdwaita

/// The app's own CSS on top of libadwaita's: the codes, the countdown warning, and the account
/// list view drawn as libadwaita draws a boxed list (`list.boxed-list`, which names GtkListBox's
/// node only): a card with rounded corners, a line between rows, no selection colour.
@MainActor
enum Styles {
  static let css = """
    .code { font-family: monospace; font-size: 1.35em; font-weight: bold; }
    .next-code { font-family: monospace; }
    .ending { color: @error_color; }
    .problem { color: @error_color; font-size: 0.9em; font-family: inherit; font-weight: normal; }
    listview.boxed-list {
      margin: 12px;
      background-color: @card_bg_color;
      color: @card_fg_color;
      border-radius: 12px;
      box-shadow: 0 0 0 1px rgba(0, 0, 0, 0.03), 0 1px 3px 1px rgba(0, 0, 0, 0.07),
        0 2px 6px 2px rgba(0, 0, 0, 0.03);
    }
    listview.boxed-list > row {
      padding: 0;
      border-bottom: 1px solid @card_shade_color;
      outline: 0 solid transparent;
      outline-offset: 5px;
    }
    listview.boxed-list > row:last-child { border-bottom-width: 0; }
    listview.boxed-list > row:selected { background-color: transparent; }
    listview.boxed-list > row:hover { background-color: alpha(currentColor, 0.03); }
    listview.boxed-list > row:active { background-color: alpha(currentColor, 0.08); }
    listview.boxed-list > row:focus:focus-visible {
      outline-color: alpha(@accent_color, 0.5);
      outline-width: 2px;
      outline-offset: -2px;
    }
    row.account { background: none; }
    row.account > box.header { margin-right: 0; }
    .account-row { padding-right: 12px; }
    """

  static func install() {
    let provider = gtk_css_provider_new()!
    gtk_css_provider_load_from_data(provider, css, -1)
    gtk_style_context_add_provider_for_display(
      gdk_display_get_default(), cast(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
  }
}
