import Domain

/// Syncs without being asked (sync.md "Without being asked"): watches what the vault syncs
/// with and runs a sync as `SyncSchedule` says, for `twofold sync --watch` and for the agent.
public enum SyncWatch {
  /// How often the files are looked at, in milliseconds.
  static let interval = 200

  /// Watches the vault at `vault` and the sources `sources()` names (asked again each second,
  /// as a sync remembers a new source) while `keepGoing()` holds; `sync` runs one sync
  /// and tells whether it succeeded. With `syncFirst`, one sync runs at once, after the watch
  /// is in place, so a change made while it starts is not missed. `clock` gives milliseconds
  /// of a clock that counts suspend, and `pause` waits between looks (by default the boot clock
  /// and a sleep) (tests give a clock that
  /// `pause` moves on, so nothing waits).
  ///
  /// A file that changes while a sync runs counts as a change: it may be another device's
  /// write that landed after the sync read the file. The next sync then finds it; when the
  /// change was the sync's own write, that sync changes nothing and writes no file, so the
  /// watch goes quiet again.
  public static func run(
    vault: String, sources: () -> [String], syncFirst: Bool = false, keepGoing: () -> Bool, sync: () -> Bool,
    clock: (() -> Int64)? = nil, pause: ((Int) -> Void)? = nil
  ) {
    let clock = clock ?? { BootClock.milliseconds() }
    let pause = pause ?? { POSIX.sleep(milliseconds: $0) }
    var watched = sources()
    var watcher = SyncWatcher(vault: vault, sources: watched)
    var schedule = SyncSchedule()
    if syncFirst {
      let succeeded = sync()
      schedule.synced(at: clock(), succeeded: succeeded)
    }
    var looks = 0
    while keepGoing() {
      let now = clock()
      looks += 1
      // A source remembered by a sync run elsewhere (a command through the agent) is watched
      // within a second.
      if looks % 5 == 0, case let current = sources(), current != watched {
        watched = current
        watcher = SyncWatcher(vault: vault, sources: watched)
        schedule.changed(at: now)
      }
      if watcher.changed() { schedule.changed(at: now) }
      if schedule.isDue(at: now) {
        let succeeded = sync()
        schedule.synced(at: clock(), succeeded: succeeded)
        let current = sources()
        if current != watched {
          watched = current
          watcher = SyncWatcher(vault: vault, sources: watched)
        }
      }
      pause(interval)
    }
  }
}
