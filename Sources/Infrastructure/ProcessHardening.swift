#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeps secrets in this process's memory from reaching disk through a crash: no core file
/// (`RLIMIT_CORE` 0) and, on Linux, not dumpable (`PR_SET_DUMPABLE` 0), which also keeps other
/// processes of the same user from attaching with ptrace or reading `/proc/PID/mem`.
public enum ProcessHardening {
  /// Disables core dumps for the calling process; best effort, failures are ignored.
  public static func apply() {
    var none = rlimit(rlim_cur: 0, rlim_max: 0)
    _ = setrlimit(resourceCore, &none)
    #if os(Linux)
      _ = prctl(setDumpable, 0)
    #endif
  }

  /// The current soft and hard core-file size limits.
  public static func coreLimit() -> (soft: UInt64, hard: UInt64) {
    var limit = rlimit()
    _ = getrlimit(resourceCore, &limit)
    return (UInt64(limit.rlim_cur), UInt64(limit.rlim_max))
  }

  /// Whether the process may be dumped (`PR_GET_DUMPABLE`); nil where there is no such call.
  public static func isDumpable() -> Bool? {
    #if os(Linux)
      return prctl(getDumpable, 0) != 0
    #else
      return nil
    #endif
  }

  #if os(Linux)
    /// `PR_GET_DUMPABLE` and `PR_SET_DUMPABLE` from `<linux/prctl.h>`, which Glibc's module omits.
    private static let getDumpable: Int32 = 3
    private static let setDumpable: Int32 = 4

    private typealias PrctlFunction = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32

    /// `prctl`, found with `dlsym` once because Swift cannot import a variadic C function.
    private static let prctlFunction: PrctlFunction? = dlsym(nil, "prctl").map {
      unsafeBitCast($0, to: PrctlFunction.self)
    }

    /// Calls `prctl(option, argument, 0, 0, 0)`; -1 when the symbol is missing.
    private static func prctl(_ option: Int32, _ argument: UInt) -> Int32 {
      prctlFunction?(option, argument, 0, 0, 0) ?? -1
    }

    private static var resourceCore: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_CORE.rawValue) }
  #else
    private static var resourceCore: Int32 { RLIMIT_CORE }
  #endif
}
