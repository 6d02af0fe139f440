#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Milliseconds on a clock that keeps counting while the machine sleeps (`CLOCK_BOOTTIME` on
/// Linux), so an agent's timeouts expire across a suspend as they would awake.
public enum BootClock {
  /// The current reading.
  public static func milliseconds() -> Int64 {
    var now = timespec()
    #if os(Linux)
      clock_gettime(CLOCK_BOOTTIME, &now)
    #else
      clock_gettime(CLOCK_MONOTONIC, &now)
    #endif
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }
}
