import Infrastructure
import Presentation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the command line reads from and writes to the machine, passed in so tests and the
/// composition root decide; nothing else in the program touches the process directly.
struct Environment {
  /// Writes text to standard output.
  var standardOutput: @Sendable (String) -> Void
  /// Writes text to standard error.
  var standardError: @Sendable (String) -> Void
  /// The current Unix time in seconds.
  var now: @Sendable () -> Int64
  /// Environment variables.
  var variables: [String: String]
  /// The current Unix time in milliseconds (the full-screen app wakes on whole seconds).
  var milliseconds: @Sendable () -> Int64 = {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }
  /// Whether standard input and output are both a terminal (the full-screen app can run).
  var isTerminal: () -> Bool = { isatty(0) == 1 && isatty(1) == 1 }
  /// Why writing to standard output failed (it was closed, or its reader went away), or nil.
  var outputFailure: @Sendable () -> String? = { nil }
  /// Called as a vault replacement reaches each stage; nil except in a test build's live
  /// environment (`crashTestFaultPoint`).
  var vaultFaultPoint: (@Sendable (FileVaultStorage.WriteStage) -> Void)? = nil

  /// Seconds a code copied by `code --copy` stays on the clipboard: `$TWOFOLD_CLIPBOARD_SECONDS`
  /// when it is a whole number from 0 to 86400 (tests shorten the wait), else the full-screen
  /// app's 30.
  var clipboardSeconds: Int {
    variables["TWOFOLD_CLIPBOARD_SECONDS"].flatMap(Self.clipboardSeconds)
      ?? Int(AccountsFeature.clipboardLifetime)
  }

  /// `text` as a clipboard lifetime in seconds, or nil.
  static func clipboardSeconds(_ text: String) -> Int? {
    guard let value = Int(text), (0...86_400).contains(value) else { return nil }
    return value
  }

  /// The real process: file descriptors 1 and 2, the system clock, `environ`. Once a write to
  /// standard output fails, later ones are skipped and `outputFailure` says why.
  static var live: Environment {
    let failure = WriteFailure()
    if reopenClosedDescriptors().contains(1) { failure.code.store(EBADF, ordering: .relaxed) }
    var environment = Environment(
      standardOutput: { text in
        guard failure.code.load(ordering: .relaxed) == 0 else { return }
        let code = write(1, text)
        if code != 0 { failure.code.store(code, ordering: .relaxed) }
      },
      standardError: { _ = write(2, $0) },
      now: { Int64(time(nil)) },
      variables: processVariables(),
      outputFailure: {
        let code = failure.code.load(ordering: .relaxed)
        return code == 0 ? nil : String(cString: strerror(code))
      }
    )
    #if TWOFOLD_FAULT_POINTS
      environment.vaultFaultPoint = crashTestFaultPoint()
    #endif
    return environment
  }

  /// Opens `/dev/null` on each of descriptors 0, 1 and 2 that is closed (`twofold … >&-`), so
  /// no file the command opens takes its number and receives its output; returns those.
  private static func reopenClosedDescriptors() -> [Int32] {
    var reopened: [Int32] = []
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      let opened = open("/dev/null", O_RDWR)
      if opened == descriptor {
        reopened.append(descriptor)
      } else if opened >= 0 {
        close(opened)
      }
    }
    return reopened
  }

  /// Writes all of `text`; 0, or the `errno` of the write that failed. SIGPIPE is held back
  /// meanwhile, so a reader that went away (`twofold help --man | head -1`) is a failed write,
  /// not the end of the process.
  private static func write(_ descriptor: Int32, _ text: String) -> Int32 {
    var text = text
    return text.withUTF8 { PipeWriter.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
  }

  /// The variables Twofold reads, looked up one by one (copying all of `environ` would cost
  /// more than the rest of a `code --uri` run's start-up).
  static let names = [
    "TWOFOLD_VAULT", "TWOFOLD_PASSWORD", "XDG_DATA_HOME", "XDG_STATE_HOME", "HOME", "PATH", "DISPLAY",
    "WAYLAND_DISPLAY",
    "NO_COLOR", "TWOFOLD_CLIPBOARD_SECONDS", "XDG_RUNTIME_DIR", "TWOFOLD_AGENT", "TWOFOLD_ASKPASS",
    "TWOFOLD_BENCH_TIMINGS", "TWOFOLD_MENU", "TWOFOLD_TYPE_DELAY_MS", "TWOFOLD_KEYRING",
    "DBUS_SESSION_BUS_ADDRESS",
    "XDG_CONFIG_HOME", "TWOFOLD_PUBLIC_SUFFIX_LIST", "XDG_CACHE_HOME", "TWOFOLD_KEY_PASSWORD",
  ]

  private static func processVariables() -> [String: String] {
    var variables: [String: String] = [:]
    variables.reserveCapacity(names.count)  // grown from empty, it would be rehashed four times
    for name in names {
      if let value = getenv(name) { variables[name] = String(cString: value) }
    }
    return variables
  }
}

/// The first failed write to standard output, shared by the closures of one environment.
private final class WriteFailure: Sendable {
  let code = Atomic<Int32>(0)
}
