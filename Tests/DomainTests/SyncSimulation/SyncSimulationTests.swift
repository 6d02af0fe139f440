import Domain
import Foundation
import Testing

/// Thousands of random histories of 2 to 4 devices syncing through a simulated Syncthing, some
/// with a phone writing Aegis backups, each run with the real `SyncVault` over in-memory ports
/// (issue 31). A failure prints its seed and the shortest history that still fails.
@Suite("Sync, random histories of several devices")
struct SyncSimulationTests {
  /// Histories per run; `TWOFOLD_SYNC_HISTORIES` sets more (or fewer) and
  /// `TWOFOLD_SYNC_SEED` the first seed.
  static var histories: Int {
    ProcessInfo.processInfo.environment["TWOFOLD_SYNC_HISTORIES"].flatMap(Int.init) ?? 2000
  }
  static var firstSeed: UInt64 {
    ProcessInfo.processInfo.environment["TWOFOLD_SYNC_SEED"].flatMap(UInt64.init) ?? 1
  }

  @Test("no account, deletion or edit is lost, and every device converges then writes nothing")
  func randomHistories() {
    var failures = 0
    for seed in Self.firstSeed..<(Self.firstSeed + UInt64(Self.histories)) {
      let history = SimulatedHistory.random(seed: seed)
      guard let problem = SimulatedWorld(history).run() else { continue }
      failures += 1
      let shortest = Self.shortened(history)
      if ProcessInfo.processInfo.environment["TWOFOLD_SYNC_TRACE"] != nil { print("TRACE \(shortest)") }
      let again = SimulatedWorld(shortest).run() ?? "?"
      Issue.record("seed \(seed): \(problem)\nshortest history that still fails (\(again)), \(shortest)")
      if failures >= 3 { break }
    }
  }

  /// Histories that lost data before (issue 31), each as the shortest steps that showed it.
  static let known: [(String, SimulatedHistory)] = [
    (
      "a sync that finds no new backup keeps the last backup as the base: the desktop's own account stays",
      SimulatedHistory(
        devices: 2, phone: true, backupsFirst: true,
        steps: [.phoneAdd(1), .add(0, 2), .sync(0), .sync(0), .phoneAdd(3), .sync(0), .converge])
    ),
    (
      "two devices that create the same group apart converge and stop writing",
      SimulatedHistory(
        devices: 2, phone: false, backupsFirst: false,
        steps: [
          .add(0, 1), .add(0, 2), .sync(0), .sync(1), .converge, .partition([[0], [1]]),
          .edit(0, 1, .groups(["Work"])), .edit(1, 2, .groups(["Work"])), .sync(0), .sync(1), .converge,
        ])
    ),
  ]

  @Test("histories that lost data before", arguments: known.indices)
  func knownHistory(_ index: Int) {
    let (name, history) = Self.known[index]
    let problem = SimulatedWorld(history).run()
    #expect(problem == nil, "\(name): \(problem ?? "")")
  }

  @Test("the checks see a lost account (so the random histories can fail)")
  func checksSeeALoss() throws {
    let world = SimulatedWorld(
      SimulatedHistory(
        devices: 2, phone: false, backupsFirst: false, steps: [.add(0, 1), .sync(0), .converge]))
    #expect(world.run() == nil)
    try world.devices[1].vault.update { (contents) throws(DomainError) in
      contents.accounts.removeAll { $0.id == SimulatedWorld.id(1) }
    }
    #expect(world.recheck()?.contains("#1") == true)
  }

  /// `history` with as many device and phone steps left out as can be while it still fails (the
  /// rounds stay: a history without them could sync more often apart than the generator allows).
  static func shortened(_ history: SimulatedHistory) -> SimulatedHistory {
    var current = history
    var chunk = max(1, current.steps.count / 2)
    while chunk >= 1 {
      var index = 0
      var removedAny = false
      while index < current.steps.count {
        var candidate = current
        let range = index..<min(index + chunk, candidate.steps.count)
        guard !candidate.steps[range].contains(where: \.isRound) else {
          index += chunk
          continue
        }
        candidate.steps.removeSubrange(range)
        if SimulatedWorld(candidate).run() != nil {
          current = candidate
          removedAny = true
        } else {
          index += chunk
        }
      }
      if !removedAny { chunk /= 2 }
    }
    return current
  }
}
