import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Polls `condition` every `interval` seconds until it holds or `seconds` pass; whether it held
/// (asked once more at the deadline). What a test waits for is a condition, never a time.
@discardableResult
public func waitUntil(
  deadline seconds: Double, every interval: Double = 0.02, condition: () throws -> Bool
) rethrows -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if try condition() { return true }
    Thread.sleep(forTimeInterval: interval)
  }
  return try condition()
}

/// Processes as tests end them.
public enum ProcessEnd {
  /// Kills `pid` with SIGKILL and waits up to `seconds` until it is gone: reaped when it is
  /// this process's child, else (a detached agent) until it is no longer running; whether it went.
  @discardableResult
  public static func killAndReap(_ pid: Int32, seconds: Double = 10) -> Bool {
    kill(pid, SIGKILL)
    return waitUntil(deadline: seconds, every: 0.01) {
      var status: Int32 = 0
      let reaped = waitpid(pid, &status, WNOHANG)
      if reaped == pid { return true }
      return reaped == -1 && !isRunning(pid)
    }
  }

  /// Whether process `pid` runs (gone, or a zombie nobody reaped yet, does not).
  public static func isRunning(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    return !stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
  }
}
