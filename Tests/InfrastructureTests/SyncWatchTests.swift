import Foundation
import TestSupport
import Testing

@testable import Infrastructure

/// `SyncWatch.run` on real files with inotify: which changes lead to a sync (sync.md "Without
/// being asked"). The sync is a closure that writes what a real one would.
@Suite("SyncWatch")
struct SyncWatchTests {
  /// Runs the watch until `syncs` syncs ran and `looksAfter` more looks passed (each look is
  /// 200 ms of the watch's clock, which its pause moves on: nothing waits; a second of quiet
  /// starts a sync), or 60 s of that clock passed; answers the syncs that ran. `change` runs once
  /// the watch is in place; `sync(n)` is the n-th sync's work (from 1).
  static func watch(
    _ folder: TemporaryDirectory, syncFirst: Bool, syncs: Int, looksAfter: Int = 0,
    change: () throws -> Void = {}, sync: (Int) throws -> Void
  ) -> Int {
    var clock: Int64 = 0
    var count = 0
    var looks = 0
    var started = false
    SyncWatch.run(
      vault: folder.path("vault.json"), sources: { [folder.path("shared.json")] }, syncFirst: syncFirst,
      keepGoing: {
        if !started {
          started = true
          try? change()
        }
        if count >= syncs { looks += 1 }
        return looks <= looksAfter && clock < 60_000
      },
      sync: {
        count += 1
        try? sync(count)
        return true
      }, clock: { clock }, pause: { clock += Int64($0) })
    return count
  }

  static func files() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    try folder.write("vault.json", "ours")
    try folder.write("shared.json", "theirs")
    return folder
  }

  @Test(
    "a source written while a sync runs is synced again, even when that sync also wrote",
    arguments: [false, true])
  func changedDuringSync(syncFirst: Bool) throws {
    let folder = try Self.files()
    let syncs = Self.watch(
      folder, syncFirst: syncFirst, syncs: 2, change: { try folder.write("shared.json", "a change") },
      sync: { n in
        guard n == 1 else { return }
        // The sync's own write, then another device's, after the sync read the source.
        try folder.write("vault.json", "merged")
        try folder.write("shared.json", "theirs, changed again")
      })
    #expect(syncs == 2)
  }

  @Test("after a sync that wrote, the watch goes quiet once a sync changes nothing")
  func quietAfterOwnWrites() throws {
    let folder = try Self.files()
    // Ten looks after the second sync: two seconds, twice the quiet time before a sync.
    let syncs = Self.watch(
      folder, syncFirst: false, syncs: 2, looksAfter: 10,
      change: { try folder.write("shared.json", "a change") },
      sync: { n in if n == 1 { try folder.write("vault.json", "merged") } })
    #expect(syncs == 2)
  }

  @Test("a file beside the vault that is not watched leads to no sync")
  func unrelatedFile() throws {
    let folder = try Self.files()
    try folder.write("notes.txt", "not a vault")
    let syncs = Self.watch(
      folder, syncFirst: false, syncs: 1, looksAfter: 10,
      change: { try folder.write("shared.json", "a change") },
      sync: { _ in try folder.write("notes.txt", "still not a vault") })
    #expect(syncs == 1)
  }
}
