/// When a sync without being asked runs (sync.md "Without being asked"): after a change to a
/// watched file, once the files have been quiet for a second or four seconds after the first
/// change, so within 5 s; after a failure, not again for a minute. Time in milliseconds.
public struct SyncSchedule: Equatable, Sendable {
  /// Quiet time before a sync (a copy being written settles first).
  public static let quiet: Int64 = 1000
  /// The longest wait after the first change.
  public static let longest: Int64 = 4000
  /// The shortest time between a failed sync and the next try.
  public static let retry: Int64 = 60_000

  private var firstChange: Int64?
  private var lastChange: Int64?
  private var lastFailure: Int64?

  /// Nothing changed yet.
  public init() {}

  /// A watched file changed at `now`.
  public mutating func changed(at now: Int64) {
    if firstChange == nil { firstChange = now }
    lastChange = now
  }

  /// Whether a sync should run at `now`.
  public func isDue(at now: Int64) -> Bool {
    guard let first = firstChange, let last = lastChange else { return false }
    if let failure = lastFailure, now - failure < Self.retry { return false }
    return now - last >= Self.quiet || now - first >= Self.longest
  }

  /// A sync ran at `now`; a failure holds the next one back for a minute.
  public mutating func synced(at now: Int64, succeeded: Bool) {
    firstChange = nil
    lastChange = nil
    lastFailure = succeeded ? nil : now
  }
}
