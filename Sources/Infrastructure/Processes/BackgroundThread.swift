import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs work on a detached system thread (the agent serves each connection on one, so a slow
/// client never holds up another).
public enum BackgroundThread {
  private final class Work {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }

  /// Starts `body` on a new thread; false when the system refused one.
  @discardableResult
  public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
    guard let thread = joinable(body) else { return false }
    pthread_detach(thread)
    return true
  }

  /// Starts `body` on a new thread to be joined; nil when the system refused one.
  fileprivate static func joinable(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
    let work = Unmanaged.passRetained(Work(body)).toOpaque()
    #if os(Linux)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    let started = pthread_create(
      &thread, nil,
      { raw in
        Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue().body()
        return nil
      }, work)
    guard started == 0 else {
      Unmanaged<Work>.fromOpaque(work).release()
      return nil
    }
    #if os(Linux)
      return thread
    #else
      return thread!
    #endif
  }
}

/// A value computed on a thread of its own while the caller goes on; asking for it waits until
/// it is there, and so does letting it go. Computed at once, on the caller's thread, when the
/// system refuses a thread.
public final class BackgroundValue<Value: Sendable>: Sendable {
  private enum State {
    case running(pthread_t)
    case done(Value)
  }

  private final class Box: @unchecked Sendable {
    // Written by the thread before it ends, read only after joining it.
    var value: Value?
  }

  private let state: Mutex<State>
  private let box: Box

  /// Starts computing `body` on a new thread.
  public init(_ body: @escaping @Sendable () -> Value) {
    let box = Box()
    self.box = box
    if let thread = BackgroundThread.joinable({ box.value = body() }) {
      state = Mutex(.running(thread))
    } else {
      state = Mutex(.done(body()))
    }
  }

  deinit {
    // Never asked for: waited for all the same, so no work outlives its owner (a process that
    // exits while a thread still runs can crash in its exit handlers).
    // Let go on its own thread (its work held the last reference): that thread is ending.
    guard case .running(let thread) = state.withLock({ $0 }) else { return }
    if pthread_equal(thread, pthread_self()) != 0 {
      pthread_detach(thread)
    } else {
      pthread_join(thread, nil)
    }
  }

  /// The value, once the thread computing it has finished.
  public var value: Value {
    state.withLock { state in
      switch state {
      case .done(let value):
        return value
      case .running(let thread):
        pthread_join(thread, nil)
        let value = box.value!
        box.value = nil
        state = .done(value)
        return value
      }
    }
  }
}
