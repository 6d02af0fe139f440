import CAdwaita
import Presentation

/// The GTK application: one window over the store, made when the application activates.
@MainActor
public final class DesktopApplication {
  private let configuration: DesktopConfiguration
  private let store: AppStore
  private var window: DesktopWindow?

  /// An application over `store`.
  public init(store: AppStore, configuration: DesktopConfiguration) {
    self.store = store
    self.configuration = configuration
  }

  /// Runs the main loop until the window closes; the exit status.
  ///
  /// One instance per session (GApplication's, on the session bus). A second
  /// `twofold-desktop --search TEXT` (the desktop search's `LaunchSearch`) hands TEXT over instead
  /// of only activating the first, which would lose it: it registers, finds itself remote,
  /// activates the application's `search` action (a string) in the first instance, and returns 0
  /// without running a main loop. The first presents its window with the list's search started
  /// with TEXT (making the window, as `activate` does, if there is none yet).
  public func run() -> Int32 {
    // The X11 window class and the program's name on the accessibility bus: the application id.
    g_set_prgname(configuration.applicationID)
    let application = adw_application_new(configuration.applicationID, G_APPLICATION_DEFAULT_FLAGS)!
    Signal.connect(application, "activate") { [unowned self] in
      self.configuration.stageReached?("activated")
      self.present(application, search: nil)
    }
    let stringType = g_variant_type_new("s")
    let search = g_simple_action_new("search", stringType)!
    g_variant_type_free(stringType)
    Signal.connectPointer(search, "activate") { [unowned self] parameter in
      guard let parameter, let text = g_variant_get_string(OpaquePointer(parameter), nil) else { return }
      self.present(application, search: String(cString: text))
    }
    g_action_map_add_action(cast(application), cast(search))
    g_object_unref(UnsafeMutableRawPointer(search))
    defer { g_object_unref(UnsafeMutableRawPointer(application)) }
    if let text = configuration.initialSearch, let remote = Self.remote(application) {
      g_action_group_activate_action(cast(application), "search", g_variant_new_string(text))
      // The call is queued, not sent: send it before this process ends.
      g_dbus_connection_flush_sync(remote, nil, nil)
      return 0
    }
    // GApplication would reject our options: it sees only the program's name.
    let name = strdup(CommandLine.arguments.first ?? "twofold-desktop")
    defer { free(name) }
    var argv: [UnsafeMutablePointer<CChar>?] = [name, nil]
    return g_application_run(cast(application), 1, &argv)
  }

  /// The session bus connection to the first instance when `application`, registered now, is a
  /// second one; nil when it is the first (or cannot register: `g_application_run` then goes on
  /// as it always did).
  private static func remote(_ application: UnsafeMutablePointer<AdwApplication>) -> OpaquePointer? {
    var error: UnsafeMutablePointer<GError>?
    guard g_application_register(cast(application), nil, &error) != 0 else {
      if error != nil { g_error_free(error) }
      return nil
    }
    guard g_application_get_is_remote(cast(application)) != 0 else { return nil }
    return g_application_get_dbus_connection(cast(application))
  }

  /// The window, brought forward with the list's search started with `search` when given; made
  /// and started when there is none yet (the search then its initial one).
  private func present(_ application: UnsafeMutablePointer<AdwApplication>, search: String?) {
    if let window {
      if let search {
        window.search(search)
      } else {
        gtk_window_present(cast(window.window))
      }
      return
    }
    var configuration = self.configuration
    if let search { configuration.initialSearch = search }
    let window = DesktopWindow(application: application, store: store, configuration: configuration)
    self.window = window
    window.start()
  }
}
