import Agent
import Testing

@Suite("key lease")
struct KeyLeaseTests {
  struct Row: Sendable, CustomTestStringConvertible {
    let name: String
    let uses: [Int64]
    let at: Int64
    let expired: Bool
    let left: (idle: Int64, max: Int64)
    var testDescription: String { name }
  }

  // idle 10 s, max 60 s, unlocked at 1,000 ms
  static let rows: [Row] = [
    Row(name: "fresh", uses: [], at: 1_000, expired: false, left: (10, 60)),
    Row(name: "just before idle", uses: [], at: 10_999, expired: false, left: (1, 51)),
    Row(name: "at idle", uses: [], at: 11_000, expired: true, left: (0, 50)),
    Row(name: "a use restarts idle", uses: [9_000], at: 18_000, expired: false, left: (1, 43)),
    Row(
      name: "uses never pass max", uses: [10_000, 19_000, 28_000, 37_000, 46_000, 55_000], at: 61_000,
      expired: true, left: (0, 0)),
    Row(
      name: "idle is capped by max", uses: [9_000, 18_000, 27_000, 36_000, 45_000, 54_000], at: 56_000,
      expired: false, left: (5, 5)),
    Row(name: "a use after expiry does not revive", uses: [12_000], at: 12_500, expired: true, left: (0, 49)),
  ]

  @Test("timeouts", arguments: rows)
  func timeouts(row: Row) {
    var lease = KeyLease(at: 1_000, idle: 10, max: 60)
    for use in row.uses { lease.use(at: use) }
    #expect(lease.isExpired(at: row.at) == row.expired)
    let left = lease.secondsLeft(at: row.at)
    #expect(left.idle == row.left.idle)
    #expect(left.max == row.left.max)
  }

  @Test("reading what is left changes nothing, as status must not extend a lease")
  func readingDoesNotExtend() {
    let lease = KeyLease(at: 0, idle: 5, max: 100)
    _ = lease.secondsLeft(at: 4_000)
    #expect(lease.isExpired(at: 5_000))
  }
}
