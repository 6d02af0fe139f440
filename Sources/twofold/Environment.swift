import Presentation

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

  /// The real process: file descriptors 1 and 2, the system clock, `environ`.
  static var live: Environment {
    Environment(
      standardOutput: { write(1, $0) },
      standardError: { write(2, $0) },
      now: { Int64(time(nil)) },
      variables: processVariables()
    )
  }

  private static func write(_ descriptor: Int32, _ text: String) {
    var text = text
    text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        #if canImport(Glibc)
          let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        #else
          let written = Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        #endif
        if written <= 0 { return }
        offset += written
      }
    }
  }

  /// The variables Twofold reads, looked up one by one (copying all of `environ` would cost
  /// more than the rest of a `code --uri` run's start-up).
  static let names = [
    "TWOFOLD_VAULT", "TWOFOLD_PASSWORD", "XDG_DATA_HOME", "HOME", "PATH", "DISPLAY", "WAYLAND_DISPLAY",
    "NO_COLOR", "TWOFOLD_CLIPBOARD_SECONDS", "XDG_RUNTIME_DIR", "TWOFOLD_AGENT", "TWOFOLD_ASKPASS",
    "TWOFOLD_BENCH_TIMINGS",
  ]

  private static func processVariables() -> [String: String] {
    var variables: [String: String] = [:]
    for name in names {
      if let value = getenv(name) { variables[name] = String(cString: value) }
    }
    return variables
  }
}
