import CGio

#if canImport(Glibc)
  import Glibc
#endif

/// Starts the window for `LaunchSearch`: a program of its own session that outlives this
/// service, nobody waiting for it (GLib's spawn reaps it through an intermediate child).
public enum WindowLauncher {
  /// Starts `executable arguments…` with this process's environment but `$TWOFOLD_PASSWORD`;
  /// the reason when it could not start.
  public static func start(_ executable: String, arguments: [String]) -> String? {
    let argv = ([executable] + arguments).map { strdup($0) }
    defer { for argument in argv { free(argument) } }
    var environment = g_get_environ()
    environment = g_environ_unsetenv(environment, "TWOFOLD_PASSWORD")
    defer { g_strfreev(environment) }
    var error: UnsafeMutablePointer<GError>?
    var pointers = argv + [nil]
    let started = pointers.withUnsafeMutableBufferPointer { buffer in
      g_spawn_async(
        nil, buffer.baseAddress, environment, G_SPAWN_STDOUT_TO_DEV_NULL, { _ in _ = setsid() }, nil, nil,
        &error)
    }
    guard started == 0 else { return nil }
    defer { if error != nil { g_error_free(error) } }
    return error.map { String(cString: $0.pointee.message) } ?? "cannot start \(executable)"
  }
}
