import Domain
import Testing

/// When the agent and `sync --watch` sync (sync.md "Without being asked"): milliseconds in,
/// whether a sync is due out.
@Suite("SyncSchedule")
struct SyncScheduleTests {
  @Test("nothing changed: never due")
  func idle() {
    #expect(!SyncSchedule().isDue(at: 1_000_000))
  }

  @Test("due after a second of quiet, or four seconds after the first of many changes")
  func debounce() {
    var schedule = SyncSchedule()
    schedule.changed(at: 0)
    #expect(!schedule.isDue(at: 999))
    #expect(schedule.isDue(at: 1000))
    for time in stride(from: 0, through: 3800, by: 200) { schedule.changed(at: Int64(time)) }
    #expect(!schedule.isDue(at: 3900))
    #expect(schedule.isDue(at: 4000), "within 5 s of the first change, however busy the files")
  }

  @Test("after a failure, the next change syncs no sooner than a minute later; a success clears it")
  func retry() {
    var schedule = SyncSchedule()
    schedule.changed(at: 0)
    schedule.synced(at: 1000, succeeded: false)
    #expect(!schedule.isDue(at: 30_000))
    schedule.changed(at: 2000)
    #expect(!schedule.isDue(at: 60_999))
    #expect(schedule.isDue(at: 61_000))
    schedule.synced(at: 61_000, succeeded: true)
    schedule.changed(at: 62_000)
    #expect(schedule.isDue(at: 63_000))
  }
}
