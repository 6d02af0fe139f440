#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Measures operations per second on the monotonic clock: each workload is sized to run for
/// about `trialSeconds`, then all of them run in turn for `rounds` rounds and each keeps its
/// best rate. Interleaving the rounds spreads load from other processes over every figure
/// alike, so ratios between figures of one run stay meaningful on a busy machine.
struct Throughput {
  /// A workload runs `count` operations and returns a checksum of their results.
  typealias Workload = (_ count: Int) -> UInt64

  /// Target length of one trial in seconds.
  var trialSeconds = 0.6
  /// Trials per workload; the fastest counts, as the others only add noise from the machine.
  var rounds = 3
  /// When set, each workload runs once with exactly this many operations (for profilers
  /// such as callgrind, where wall time means nothing).
  var fixedCount: Int?

  /// The best rate of each workload, and all checksums folded together for the caller to consume.
  func measure(_ workloads: [Workload], progress: (String) -> Void) -> (rates: [Double], checksum: UInt64) {
    var checksum: UInt64 = 0
    var counts: [Int] = []
    for workload in workloads {
      let (count, sum) = fixedCount.map { ($0, 0) } ?? calibrate(workload)
      counts.append(count)
      checksum ^= sum
    }
    var rates = [Double](repeating: 0, count: workloads.count)
    for round in 1...(fixedCount == nil ? rounds : 1) {
      progress("round \(round)")
      for (index, workload) in workloads.enumerated() {
        let (seconds, sum) = Self.time(counts[index], workload)
        checksum ^= sum
        rates[index] = max(rates[index], Double(counts[index]) / seconds)
      }
    }
    return (rates, checksum)
  }

  /// An operation count that takes about `trialSeconds`, found by growing a short run.
  private func calibrate(_ workload: Workload) -> (count: Int, checksum: UInt64) {
    var checksum: UInt64 = 0
    var count = 1_000
    while true {
      let (seconds, sum) = Self.time(count, workload)
      checksum ^= sum
      if seconds >= trialSeconds / 10 { return (Int(Double(count) * trialSeconds / seconds), checksum) }
      count *= 4
    }
  }

  private static func time(_ count: Int, _ workload: Workload) -> (seconds: Double, checksum: UInt64) {
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
