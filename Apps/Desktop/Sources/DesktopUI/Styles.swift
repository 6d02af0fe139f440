import CAdwaita

/// The app's own CSS on top of libadwaita's: large monospaced codes, the countdown warning.
@MainActor
enum Styles {
  static let css = """
    .code { font-family: monospace; font-size: 1.6em; font-weight: bold; }
    .next-code { font-family: monospace; }
    .ending { color: @error_color; }
    .problem { color: @error_color; font-size: 0.9em; }
    row.account { padding: 6px 12px; }
    """

  static func install() {
    let provider = gtk_css_provider_new()!
    gtk_css_provider_load_from_data(provider, css, -1)
    gtk_style_context_add_provider_for_display(
      gdk_display_get_default(), cast(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
  }
}
