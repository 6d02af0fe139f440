/// How long the agent may hold one vault's key: until `idle` seconds pass without use, or `max`
/// seconds from the unlock, whichever comes first. Times are milliseconds of a clock that counts
/// suspend; the lease is a value, so the rules are tested with any times.
public struct KeyLease: Equatable, Sendable {
  /// When the vault was unlocked.
  public let unlockedAt: Int64
  /// When a command last used the key.
  public private(set) var lastUsed: Int64
  /// Seconds without use before the key is dropped.
  public let idle: Int64
  /// Seconds from the unlock before the key is dropped, used or not.
  public let max: Int64

  /// A lease starting at `now`.
  public init(at now: Int64, idle: Int64, max: Int64) {
    unlockedAt = now
    lastUsed = now
    self.idle = idle
    self.max = max
  }

  /// The moment the key goes.
  public var deadline: Int64 { Swift.min(lastUsed + idle * 1000, unlockedAt + max * 1000) }

  /// Whether the key has gone at `now`.
  public func isExpired(at now: Int64) -> Bool { now >= deadline }

  /// A use at `now` restarts the idle time (never past the max).
  public mutating func use(at now: Int64) {
    if !isExpired(at: now) { lastUsed = Swift.max(lastUsed, now) }
  }

  /// Whole seconds left of each timeout at `now`, rounded up, never below 0.
  public func secondsLeft(at now: Int64) -> (idle: Int64, max: Int64) {
    func seconds(_ milliseconds: Int64) -> Int64 { Swift.max(0, (milliseconds + 999) / 1000) }
    let maxLeft = unlockedAt + max * 1000 - now
    let idleLeft = Swift.min(lastUsed + idle * 1000 - now, maxLeft)
    return (seconds(idleLeft), seconds(maxLeft))
  }
}
