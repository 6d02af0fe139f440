#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Measures operations per second: each trial runs a workload long enough (about
/// `trialSeconds`) on the monotonic clock, and the best of `trials` is kept.
struct Throughput {
  /// Target length of one trial in seconds.
  var trialSeconds = 0.6
  /// Trials per figure; the fastest counts, as the others only add noise from the machine.
  var trials = 3
  /// When set, each workload runs once with exactly this many operations (for profilers
  /// such as callgrind, where wall time means nothing).
  var fixedCount: Int?

  /// A workload runs `count` operations and returns a checksum of their results.
  typealias Workload = (_ count: Int) -> UInt64

  /// The best operations per second over the trials, and the checksums folded together so
  /// the caller can consume them.
  func measure(_ workload: Workload) -> (rate: Double, checksum: UInt64) {
    if let fixedCount {
      let (seconds, checksum) = Self.time(fixedCount, workload)
      return (Double(fixedCount) / seconds, checksum)
    }
    var checksum: UInt64 = 0
    var count = 1_000
    while true {
      let (seconds, sum) = Self.time(count, workload)
      checksum ^= sum
      if seconds >= trialSeconds / 10 {
        count = Int(Double(count) * trialSeconds / seconds)
        break
      }
      count *= 4
    }
    var best = 0.0
    for _ in 0..<trials {
      let (seconds, sum) = Self.time(count, workload)
      checksum ^= sum
      best = max(best, Double(count) / seconds)
    }
    return (best, checksum)
  }

  private static func time(_ count: Int, _ workload: Workload) -> (Double, UInt64) {
    let start = now()
    let checksum = workload(count)
    return (now() - start, checksum)
  }

  /// Seconds on `CLOCK_MONOTONIC`.
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
