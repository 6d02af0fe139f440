import CAdwaita

/// A GTK widget as C gives it.
typealias Widget = UnsafeMutablePointer<GtkWidget>

/// Any pointer to a GObject instance, whatever type C declares for it.
protocol GObjectPointer {
  /// The instance's address.
  var raw: UnsafeMutableRawPointer { get }
}

extension UnsafeMutablePointer: GObjectPointer {
  var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension OpaquePointer: GObjectPointer {
  var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutableRawPointer: GObjectPointer {
  var raw: UnsafeMutableRawPointer { self }
}

/// The same instance seen as another GObject type (the C macros `GTK_WINDOW(…)` and the like).
func cast<T>(_ pointer: some GObjectPointer) -> UnsafeMutablePointer<T> {
  pointer.raw.assumingMemoryBound(to: T.self)
}

/// The same instance seen as a type C keeps opaque.
func cast(_ pointer: some GObjectPointer) -> OpaquePointer { OpaquePointer(pointer.raw) }

/// A Swift closure kept alive as long as the signal connection or source that calls it.
private final class Callback: @unchecked Sendable {
  let body: @MainActor (UnsafeMutableRawPointer?, UInt32, UInt32) -> Bool
  init(_ body: @escaping @MainActor (UnsafeMutableRawPointer?, UInt32, UInt32) -> Bool) { self.body = body }

  var retained: UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

  static func call(
    _ data: UnsafeMutableRawPointer?, _ pointer: UnsafeMutableRawPointer?, _ first: UInt32, _ second: UInt32
  ) -> Bool {
    let callback = Unmanaged<Callback>.fromOpaque(data!).takeUnretainedValue()
    nonisolated(unsafe) let pointer = pointer
    return MainActor.assumeIsolated { callback.body(pointer, first, second) }
  }
}

private let release: GClosureNotify = { data, _ in
  if let data { Unmanaged<Callback>.fromOpaque(data).release() }
}

private let releaseSource: GDestroyNotify = { data in
  if let data { Unmanaged<Callback>.fromOpaque(data).release() }
}

/// Signals by the shape of their C handler.
@MainActor
enum Signal {
  private typealias Plain = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
  private typealias WithPointer =
    @convention(c) (
      UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
    ) -> Void
  private typealias WithNumber =
    @convention(c) (UnsafeMutableRawPointer?, UInt32, UnsafeMutableRawPointer?) ->
    Void
  private typealias Pressed =
    @convention(c) (UnsafeMutableRawPointer?, Int32, Double, Double, UnsafeMutableRawPointer?) -> Void
  private typealias LongPressed =
    @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void
  private typealias Stopping = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean
  private typealias Key =
    @convention(c) (
      UnsafeMutableRawPointer?, UInt32, UInt32, UInt32, UnsafeMutableRawPointer?
    ) -> gboolean

  /// `handler()` for a signal whose handler takes only the instance (`clicked`, `changed`, `notify::…`).
  @discardableResult
  static func connect(
    _ instance: some GObjectPointer, _ name: String, _ handler: @escaping @MainActor () -> Void
  ) -> UInt {
    // `notify::…` handlers take (instance, GParamSpec, data); the others (instance, data).
    let thunk: WithPointer = { _, _, data in _ = Callback.call(data, nil, 0, 0) }
    if name.hasPrefix("notify::") {
      return connectThunk(instance, name, unsafeBitCast(thunk, to: GCallback.self)) { _, _, _ in
        handler()
        return false
      }
    }
    let plain: Plain = { _, data in _ = Callback.call(data, nil, 0, 0) }
    return connectThunk(instance, name, unsafeBitCast(plain, to: GCallback.self)) { _, _, _ in
      handler()
      return false
    }
  }

  /// `handler(argument)` for a signal whose handler takes one pointer (`setup`, `bind`, `response`).
  @discardableResult
  static func connectPointer(
    _ instance: some GObjectPointer, _ name: String,
    _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void
  ) -> UInt {
    let thunk: WithPointer = { _, argument, data in _ = Callback.call(data, argument, 0, 0) }
    return connectThunk(instance, name, unsafeBitCast(thunk, to: GCallback.self)) { argument, _, _ in
      handler(argument)
      return false
    }
  }

  /// `handler(number)` for a signal whose handler takes one unsigned number (a list's `activate`).
  @discardableResult
  static func connectNumber(
    _ instance: some GObjectPointer, _ name: String, _ handler: @escaping @MainActor (UInt32) -> Void
  ) -> UInt {
    let thunk: WithNumber = { _, number, data in _ = Callback.call(data, nil, number, 0) }
    return connectThunk(instance, name, unsafeBitCast(thunk, to: GCallback.self)) { _, number, _ in
      handler(number)
      return false
    }
  }

  /// `handler()` for a gesture's `pressed` (a click gesture's, or a long press's when `long`),
  /// whose handlers take the point as doubles.
  @discardableResult
  static func connectPressed(
    _ instance: some GObjectPointer, long: Bool = false, _ handler: @escaping @MainActor () -> Void
  ) -> UInt {
    let click: Pressed = { _, _, _, _, data in _ = Callback.call(data, nil, 0, 0) }
    let press: LongPressed = { _, _, _, data in _ = Callback.call(data, nil, 0, 0) }
    let thunk = long ? unsafeBitCast(press, to: GCallback.self) : unsafeBitCast(click, to: GCallback.self)
    return connectThunk(instance, "pressed", thunk) { _, _, _ in
      handler()
      return false
    }
  }

  /// `handler()` returning whether the signal is handled (`close-request`).
  @discardableResult
  static func connectStopping(
    _ instance: some GObjectPointer, _ name: String, _ handler: @escaping @MainActor () -> Bool
  ) -> UInt {
    let thunk: Stopping = { _, data in Callback.call(data, nil, 0, 0) ? 1 : 0 }
    return connectThunk(instance, name, unsafeBitCast(thunk, to: GCallback.self)) { _, _, _ in handler() }
  }

  /// `handler(keyval, modifiers)` of a key controller's `key-pressed`; true when handled.
  @discardableResult
  static func connectKey(
    _ instance: some GObjectPointer, _ name: String, _ handler: @escaping @MainActor (UInt32, UInt32) -> Bool
  ) -> UInt {
    let thunk: Key = { _, keyval, _, modifiers, data in
      let callback = Unmanaged<Callback>.fromOpaque(data!).takeUnretainedValue()
      return MainActor.assumeIsolated { callback.body(nil, keyval, modifiers) } ? 1 : 0
    }
    return connectThunk(instance, name, unsafeBitCast(thunk, to: GCallback.self)) { _, keyval, modifiers in
      handler(keyval, modifiers)
    }
  }

  private static func connectThunk(
    _ instance: some GObjectPointer, _ name: String, _ thunk: GCallback,
    _ body: @escaping @MainActor (UnsafeMutableRawPointer?, UInt32, UInt32) -> Bool
  ) -> UInt {
    UInt(twofold_connect(instance.raw, name, thunk, Callback(body).retained, release))
  }

  /// Disconnects a handler.
  static func disconnect(_ instance: some GObjectPointer, _ handler: UInt) {
    g_signal_handler_disconnect(instance.raw, gulong(handler))
  }
}

/// Runs `body` once after `milliseconds` on the main loop.
@MainActor
func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) {
  once(body) { g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, $0, $1, releaseSource) }
}

/// Runs `body` once when the main loop is idle, after pending redraws (low priority): after the
/// next frame has been drawn.
@MainActor
func afterNextFrame(_ body: @escaping @MainActor () -> Void) {
  once(body) { g_idle_add_full(G_PRIORITY_LOW, $0, $1, releaseSource) }
}

/// Adds a main-loop source (through `add`, given the function and its data) that runs `body` once.
@MainActor
private func once(
  _ body: @escaping @MainActor () -> Void, add: (GSourceFunc, UnsafeMutableRawPointer) -> UInt32
) {
  let thunk: GSourceFunc = { data in
    _ = Callback.call(data, nil, 0, 0)
    return 0  // G_SOURCE_REMOVE
  }
  let callback = Callback { _, _, _ in
    body()
    return false
  }
  _ = add(thunk, callback.retained)
}

/// Gives `strings` to C as a NULL-terminated array of C strings for the call's duration.
func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result)
  -> Result
{
  let copies = strings.map { strdup($0) }
  defer { for copy in copies { free(copy) } }
  let array: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
  return array.withUnsafeBufferPointer { body($0.baseAddress!) }
}
