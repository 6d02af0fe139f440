import CProcessControl

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
    _ = twofold_set_dumpable(0)
  }

  /// The current soft and hard core-file size limits.
  public static func coreLimit() -> (soft: UInt64, hard: UInt64) {
    var limit = rlimit()
    _ = getrlimit(resourceCore, &limit)
    return (UInt64(limit.rlim_cur), UInt64(limit.rlim_max))
  }

  /// Whether the process may be dumped (`PR_GET_DUMPABLE`); nil where there is no such call.
  public static func isDumpable() -> Bool? {
    let dumpable = twofold_get_dumpable()
    return dumpable < 0 ? nil : dumpable != 0
  }

  #if os(Linux)
    private static var resourceCore: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_CORE.rawValue) }
  #else
    private static var resourceCore: Int32 { RLIMIT_CORE }
  #endif
}
