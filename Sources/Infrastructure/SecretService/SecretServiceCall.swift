import Data
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One call into libsecret on a thread of its own, waited for at most a given time: a Secret
/// Service that answers slowly (or hangs) costs that time and no more, and the call is then
/// cancelled through its `GCancellable`.
enum SecretServiceCall {
  /// What the waiting thread and the calling one share.
  private final class Exchange<Value: Sendable>: @unchecked Sendable {
    let done = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
    let value = Mutex<Value?>(nil)
    /// The `GCancellable`, owned by the exchange (unchecked `Sendable`: GLib's cancel is thread-safe).
    let cancellable: LibSecret.Pointer?
    let library: LibSecret

    init(library: LibSecret) {
      self.library = library
      cancellable = library.cancellableNew()
      sem_init(done, 0, 0)
    }

    deinit {
      library.objectUnref(cancellable)
      sem_destroy(done)
      done.deallocate()
    }
  }

  /// Runs `body` with the library (by `libraryNames`) and a cancellable; `.unavailable` when libsecret is not
  /// installed, `.failed` when `body` did not return within `timeout` milliseconds.
  static func run<Value: Sendable>(
    timeout: Int, libraryNames: [String], _ body: @escaping @Sendable (LibSecret, LibSecret.Pointer?) -> Value
  ) -> Result<Value, KeyringFailure> {
    guard let library = LibSecret.load(libraryNames) else {
      return .failure(
        .unavailable(
          LibSecret.isStaticExecutable
            ? "this twofold is linked statically and cannot load libsecret" : LibSecret.installHint))
    }
    let exchange = Exchange<Value>(library: library)
    let started = BackgroundThread.start {
      let value = body(exchange.library, exchange.cancellable)
      exchange.value.withLock { $0 = value }
      sem_post(exchange.done)
    }
    guard started else {
      return .failure(.failed("the login keyring was not asked: no thread could be started"))
    }
    var deadline = timespec()
    clock_gettime(CLOCK_REALTIME, &deadline)
    let nanoseconds = Int(deadline.tv_nsec) + (timeout % 1000) * 1_000_000
    deadline.tv_sec += timeout / 1000 + nanoseconds / 1_000_000_000
    deadline.tv_nsec = nanoseconds % 1_000_000_000
    while sem_timedwait(exchange.done, &deadline) != 0 {
      guard errno == EINTR else {
        library.cancellableCancel(exchange.cancellable)
        return .failure(
          .failed(
            "the login keyring did not answer within \(Self.seconds(timeout))"))
      }
    }
    guard let value = exchange.value.withLock({ $0 }) else {
      return .failure(.failed("the login keyring gave no answer"))
    }
    return .success(value)
  }

  /// `milliseconds` for people: whole seconds as `2 s`.
  static func seconds(_ milliseconds: Int) -> String {
    milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
  }
}
