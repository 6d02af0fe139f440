import CGio
import Domain

#if canImport(Glibc)
  import Glibc
#endif

/// The search provider on the session bus (GDBus): GNOME Shell's and KRunner's interfaces over
/// a `SearchService`, answered on the main loop's thread one call at a time. It exits when a
/// minute (`idleSeconds`) passes without a call, and answers only the shells
/// (`SearchInterfaces.shellNames`) of its own user.
public final class SearchBus: @unchecked Sendable {
  /// Why serving could not start.
  public struct Failure: Error, Equatable {
    /// A sentence for standard error.
    public let message: String
  }

  private let connection: OpaquePointer
  private var service: SearchService?
  private var launch: ([String]) -> Void = { _ in }
  private var isBusy: () -> Bool = { false }
  private var idleSeconds: UInt32 = 60
  private var idleSource: UInt32 = 0
  private var loop: OpaquePointer?
  /// The user of each peer seen (unique names are never reused on a bus).
  private var peerIsOwnUser: [String: Bool] = [:]

  /// Connects to the session bus.
  public init() throws(Failure) {
    var error: UnsafeMutablePointer<GError>?
    guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
      throw Failure(message: "cannot connect to the session bus: \(Self.take(error))")
    }
    self.connection = connection
  }

  /// Posts a desktop notification (`org.freedesktop.Notifications.Notify`) without waiting for
  /// the answer: where no notification server runs, nothing is shown.
  public func notify(summary: String, body: String) {
    let parameters = GVariantValue.tuple([
      GVariantValue.string("Twofold"), g_variant_new_uint32(0), GVariantValue.string(SearchResults.iconName),
      GVariantValue.string(summary), GVariantValue.string(body), GVariantValue.strings([]),
      GVariantValue.dictionary([
        ("desktop-entry", GVariantValue.string(SearchResults.iconName)),
        ("transient", g_variant_new_boolean(1)),
      ]),
      g_variant_new_int32(-1),
    ])
    g_dbus_connection_call(
      connection, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
      "org.freedesktop.Notifications", "Notify", parameters, twofold_variant_type("(u)"),
      G_DBUS_CALL_FLAGS_NONE, -1, nil, nil, nil)
  }

  /// Exports both objects, takes the bus name and answers calls until `idleSeconds` pass
  /// without one while `isBusy` (a copy waiting to be cleared) says false; `launch` opens the
  /// window with a search's terms. Returns when it stops; throws when the objects or the name
  /// cannot be had (another instance owns it: `alreadyRunning`).
  public func serve(
    _ service: SearchService, idleSeconds: UInt32, isBusy: @escaping () -> Bool = { false },
    launch: @escaping ([String]) -> Void
  ) throws(Failure) {
    self.service = service
    self.launch = launch
    self.isBusy = isBusy
    self.idleSeconds = max(idleSeconds, 1)
    try register(SearchInterfaces.shellXML, at: SearchInterfaces.shellPath)
    try register(SearchInterfaces.runnerXML, at: SearchInterfaces.runnerPath)
    switch try requestName() {
    case 1, 4: break  // the primary owner, or already it
    default: throw Self.alreadyRunning
    }
    loop = g_main_loop_new(nil, 0)
    restartIdleTimer()
    g_main_loop_run(loop)
    g_main_loop_unref(loop)
    loop = nil
    // Gone from the bus before the process is: a search started now activates a new one.
    _ = call("ReleaseName", GVariantValue.tuple([GVariantValue.string(SearchInterfaces.busName)]), "(u)")
    g_dbus_connection_flush_sync(connection, nil, nil)
  }

  /// Another process owns the bus name.
  public static let alreadyRunning = Failure(
    message: "another search provider owns \(SearchInterfaces.busName)")

  private func register(_ xml: String, at path: String) throws(Failure) {
    var error: UnsafeMutablePointer<GError>?
    guard let node = g_dbus_node_info_new_for_xml(xml, &error) else {
      throw Failure(message: "bad interface description: \(Self.take(error))")
    }
    defer { g_dbus_node_info_unref(node) }
    let vtable = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)  // for the process's life
    vtable.initialize(
      to: GDBusInterfaceVTable(
        method_call: Self.methodCall, get_property: nil, set_property: nil,
        padding: (nil, nil, nil, nil, nil, nil, nil, nil)))
    let registered = g_dbus_connection_register_object(
      connection, path, node.pointee.interfaces[0], vtable, Unmanaged.passUnretained(self).toOpaque(), nil,
      &error)
    guard registered != 0 else { throw Failure(message: "cannot export \(path): \(Self.take(error))") }
  }

  /// `RequestName`'s answer (1: now the primary owner).
  private func requestName() throws(Failure) -> UInt32 {
    let doNotQueue: UInt32 = 4
    let arguments = GVariantValue.tuple([
      GVariantValue.string(SearchInterfaces.busName), g_variant_new_uint32(doNotQueue),
    ])
    guard let reply = call("RequestName", arguments, "(u)") else {
      throw Failure(message: "cannot own \(SearchInterfaces.busName)")
    }
    defer { g_variant_unref(reply) }
    return GVariantValue.child(reply, 0) { g_variant_get_uint32($0) }
  }

  /// A call to the bus itself, waited for; nil when it failed.
  private func call(_ method: String, _ arguments: OpaquePointer, _ replyType: String) -> OpaquePointer? {
    g_dbus_connection_call_sync(
      connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", method, arguments,
      twofold_variant_type(replyType), G_DBUS_CALL_FLAGS_NONE, -1, nil, nil)
  }

  /// Whether `sender` runs as this process's user (the bus says; a session bus admits only its
  /// user, but a bus configured otherwise is not trusted for that).
  private func isOwnUser(_ sender: String) -> Bool {
    if let known = peerIsOwnUser[sender] { return known }
    var same = false
    if let reply = call("GetConnectionUnixUser", GVariantValue.tuple([GVariantValue.string(sender)]), "(u)") {
      same = GVariantValue.child(reply, 0) { g_variant_get_uint32($0) } == getuid()
      g_variant_unref(reply)
    }
    if peerIsOwnUser.count > 1000 { peerIsOwnUser.removeAll() }
    peerIsOwnUser[sender] = same
    return same
  }

  private func restartIdleTimer() {
    if idleSource != 0 { g_source_remove(idleSource) }
    idleSource = g_timeout_add_seconds(idleSeconds, Self.idle, Unmanaged.passUnretained(self).toOpaque())
  }

  private static let idle: GSourceFunc = { data in
    let bus = Unmanaged<SearchBus>.fromOpaque(data!).takeUnretainedValue()
    guard !bus.isBusy() else { return 1 }  // G_SOURCE_CONTINUE: idle again after as long
    bus.idleSource = 0
    if let loop = bus.loop { g_main_loop_quit(loop) }
    return 0  // G_SOURCE_REMOVE
  }

  /// Whether `sender` (a unique name) owns one of the shells' well-known names now. Asked of the
  /// bus on every call, never remembered: a name changes owner when a shell restarts.
  private func isShell(_ sender: String) -> Bool {
    SearchInterfaces.shellNames.contains { name in
      guard let reply = call("GetNameOwner", GVariantValue.tuple([GVariantValue.string(name)]), "(s)") else {
        return false  // no owner
      }
      defer { g_variant_unref(reply) }
      return GVariantValue.child(reply, 0, GVariantValue.text) == sender
    }
  }

  private static let methodCall: GDBusInterfaceMethodCallFunc = {
    _, sender, _, interface, method, parameters, invocation, data in
    guard let data, let interface, let method, let parameters, let invocation else { return }
    let bus = Unmanaged<SearchBus>.fromOpaque(data).takeUnretainedValue()
    bus.restartIdleTimer()
    guard let sender, bus.isOwnUser(String(cString: sender)) else {
      g_dbus_method_invocation_return_dbus_error(
        invocation, "org.freedesktop.DBus.Error.AccessDenied", "only the session's own user may search")
      return
    }
    let (interfaceName, methodName) = (String(cString: interface), String(cString: method))
    guard bus.isShell(String(cString: sender)) else {
      // Anyone else (an app, sandboxed or not): nothing found, nothing copied or opened.
      switch refusal(interfaceName, methodName) {
      case .success(let reply): g_dbus_method_invocation_return_value(invocation, reply)
      case .failure(let failure):
        g_dbus_method_invocation_return_dbus_error(invocation, failure.name, failure.message)
      }
      return
    }
    switch bus.answer(interfaceName, methodName, parameters) {
    case .success(let reply): g_dbus_method_invocation_return_value(invocation, reply)
    case .failure(let failure):
      g_dbus_method_invocation_return_dbus_error(invocation, failure.name, failure.message)
    }
  }

  /// A D-Bus error: its name and message.
  struct ReplyError: Error {
    let name: String
    let message: String
  }

  /// The reply to a caller that is not a shell (CLI.md: "gets empty answers"): the empty answer
  /// of each search, and an empty reply, doing nothing, to what would copy a code or open the window.
  static func refusal(_ interface: String, _ method: String) -> Result<OpaquePointer?, ReplyError> {
    switch (interface, method) {
    case (SearchInterfaces.shell, "GetInitialResultSet"), (SearchInterfaces.shell, "GetSubsearchResultSet"):
      return .success(GVariantValue.tuple([GVariantValue.strings([])]))
    case (SearchInterfaces.shell, "GetResultMetas"):
      return .success(GVariantValue.tuple([GVariantValue.array(of: "a{sv}", [])]))
    case (SearchInterfaces.runner, "Match"):
      return .success(GVariantValue.tuple([GVariantValue.array(of: "(sssida{sv})", [])]))
    case (SearchInterfaces.runner, "Actions"):
      return .success(GVariantValue.tuple([GVariantValue.array(of: "(sss)", [])]))
    default:
      return .success(nil)
    }
  }

  /// The reply to one call (GDBus has checked its arguments against the interface).
  private func answer(_ interface: String, _ method: String, _ parameters: OpaquePointer) -> Result<
    OpaquePointer?, ReplyError
  > {
    guard let service else { return .success(nil) }
    switch (interface, method) {
    case (SearchInterfaces.shell, "GetInitialResultSet"):
      let terms = GVariantValue.child(parameters, 0, GVariantValue.texts)
      return .success(GVariantValue.tuple([GVariantValue.strings(service.resultIDs(terms))]))
    case (SearchInterfaces.shell, "GetSubsearchResultSet"):
      let terms = GVariantValue.child(parameters, 1, GVariantValue.texts)
      return .success(GVariantValue.tuple([GVariantValue.strings(service.resultIDs(terms))]))
    case (SearchInterfaces.shell, "GetResultMetas"):
      let ids = GVariantValue.child(parameters, 0, GVariantValue.texts)
      let metas = service.metas(ids).map(Self.variant)
      return .success(GVariantValue.tuple([GVariantValue.array(of: "a{sv}", metas)]))
    case (SearchInterfaces.shell, "ActivateResult"):
      return activate(GVariantValue.child(parameters, 0, GVariantValue.text))
    case (SearchInterfaces.shell, "LaunchSearch"):
      launch(GVariantValue.child(parameters, 0, GVariantValue.texts))
      return .success(nil)
    case (SearchInterfaces.runner, "Match"):
      let matches = service.runnerMatches(GVariantValue.child(parameters, 0, GVariantValue.text))
      return .success(
        GVariantValue.tuple([GVariantValue.array(of: "(sssida{sv})", matches.map(Self.variant))]))
    case (SearchInterfaces.runner, "Run"):
      return activate(GVariantValue.child(parameters, 0, GVariantValue.text))
    case (SearchInterfaces.runner, "Actions"):
      return .success(GVariantValue.tuple([GVariantValue.array(of: "(sss)", [])]))
    default:
      return .failure(
        ReplyError(
          name: "org.freedesktop.DBus.Error.UnknownMethod", message: "no method \(interface).\(method)"))
    }
  }

  private func activate(_ id: String) -> Result<OpaquePointer?, ReplyError> {
    guard let service else { return .success(nil) }
    do throws(SearchService.Failure) {
      try service.activate(id)
      return .success(nil)
    } catch {
      let prefix = SearchInterfaces.errorPrefix
      switch error {
      case .notFound:
        return .failure(ReplyError(name: prefix + "NotFound", message: "no account has this id"))
      case .locked:
        return .failure(
          ReplyError(name: prefix + "Locked", message: "the vault is locked: open Twofold to unlock it"))
      case .failed(let message): return .failure(ReplyError(name: prefix + "Failed", message: message))
      }
    }
  }

  private static func variant(_ meta: SearchMeta) -> OpaquePointer {
    var entries = [
      ("id", GVariantValue.string(meta.id)), ("name", GVariantValue.string(meta.name)),
      ("description", GVariantValue.string(meta.description)),
    ]
    // The account's own icon as a serialized `GBytesIcon`, else the app's by name.
    let icon = meta.icon.flatMap(serialized)
    defer { if let icon { g_variant_unref(icon) } }
    if let icon {
      entries.append(("icon", icon))
    } else {
      entries.append(("gicon", GVariantValue.string(SearchResults.iconName)))
    }
    if let code = meta.clipboardText { entries.append(("clipboardText", GVariantValue.string(code))) }
    return GVariantValue.dictionary(entries)
  }

  /// `icon`'s bytes as a serialized `GIcon` (`('bytes', <ay>)`, not floating: the caller
  /// releases it), which GNOME Shell loads; nil when GIO cannot serialize it.
  private static func serialized(_ icon: AccountIcon) -> OpaquePointer? {
    let bytes = icon.bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(bytes) }
    guard let gicon = g_bytes_icon_new(bytes) else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(gicon)) }
    return g_icon_serialize(gicon)
  }

  private static func variant(_ match: RunnerMatch) -> OpaquePointer {
    GVariantValue.tuple([
      GVariantValue.string(match.id), GVariantValue.string(match.text), GVariantValue.string(match.icon),
      g_variant_new_int32(match.type), g_variant_new_double(match.relevance),
      GVariantValue.dictionary([("subtext", GVariantValue.string(match.subtext))]),
    ])
  }

  /// The message of `error`, which is freed.
  private static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
    guard let error else { return "unknown error" }
    defer { g_error_free(error) }
    return String(cString: error.pointee.message)
  }
}
