import CAdwaita

/// "About Twofold": libadwaita's about window, with the version every executable of Twofold
/// reports (`Release.version`, handed over in `DesktopConfiguration.version`).
@MainActor
enum AboutWindow {
  /// The application's icon when the icon theme has it (an installed package), else a generic one.
  static func iconName(applicationID: String) -> String {
    guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display),
      gtk_icon_theme_has_icon(theme, applicationID) != 0
    else { return "dialog-password-symbolic" }
    return applicationID
  }

  /// Shows the window over `parent`; `closed` runs when it closes.
  static func present(
    over parent: Widget, applicationID: String, version: String, closed: @escaping @MainActor () -> Void
  ) {
    let about = adw_about_window_new()!
    adw_about_window_set_application_name(cast(about), "Twofold")
    adw_about_window_set_application_icon(cast(about), iconName(applicationID: applicationID))
    adw_about_window_set_version(cast(about), version)
    adw_about_window_set_developer_name(cast(about), "Twofold maintainers")
    adw_about_window_set_comments(
      cast(about),
      "Show and copy your two-factor codes. The vault is in Aegis Authenticator’s format, so the same file moves between your phone and your computer."
    )
    adw_about_window_set_license_type(cast(about), GTK_LICENSE_MIT_X11)
    adw_about_window_set_copyright(cast(about), "© Twofold maintainers")
    gtk_window_set_transient_for(cast(about), cast(parent))
    gtk_window_set_modal(cast(about), 1)
    Signal.connectStopping(about, "close-request") {
      closed()
      return false
    }
    gtk_window_present(cast(about))
  }
}
