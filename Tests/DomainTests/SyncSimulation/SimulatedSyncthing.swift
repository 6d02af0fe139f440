import Domain

/// One version of one file as a simulated Syncthing spreads it: the contents (nil: deleted),
/// the version vector, the logical time of the write and the device that wrote it.
struct SyncthingVersion: Equatable {
  var contents: VaultContents?
  var vector: [String: Int]
  var time: Int
  var by: String

  /// Whether this version has seen every write `other` has.
  func dominates(_ other: SyncthingVersion) -> Bool {
    other.vector.allSatisfy { vector[$0.key, default: 0] >= $0.value }
  }
}

/// A shared folder as each device holds it (name → the version it has), and Syncthing between
/// the devices that are connected: each file's newest version reaches every connected device;
/// two versions written apart become the newer file plus a conflict copy
/// (`STEM.sync-conflict-TIME-DEVICE.json`) on every device.
final class SimulatedSyncthing {
  /// Each device's replica of the folder.
  var folders: [String: [String: SyncthingVersion]] = [:]
  /// The groups of devices that see each other.
  var groups: [[String]] = []
  /// Logical time: every write gets a later one.
  var clock = 0

  init(devices: [String]) {
    for device in devices { folders[device] = [:] }
    groups = [devices]
  }

  /// The next logical time.
  func tick() -> Int {
    clock += 1
    return clock
  }

  /// `device` writes `contents` (nil: deletes) as `name` in its replica.
  func write(_ name: String, _ contents: VaultContents?, on device: String) {
    var version = folders[device]![name] ?? SyncthingVersion(contents: nil, vector: [:], time: 0, by: device)
    version.contents = contents
    version.vector[device, default: 0] += 1
    version.time = tick()
    version.by = device
    folders[device]![name] = version
  }

  /// The live files of `device`'s replica.
  func files(of device: String) -> [String: VaultContents] {
    folders[device]!.compactMapValues(\.contents)
  }

  /// Spreads changes within `device`'s group.
  func exchange(around device: String) {
    guard let group = groups.first(where: { $0.contains(device) }) else { return }
    exchange(group)
  }

  /// Cuts the devices into `groups` (after spreading what each group had).
  func partition(_ groups: [[String]]) {
    for group in self.groups { exchange(group) }
    self.groups = groups
  }

  /// Connects every device and spreads everything.
  func connect() {
    let all = groups.flatMap { $0 }.sorted()
    groups = [all]
    exchange(all)
  }

  private func exchange(_ group: [String]) {
    for _ in 0..<10 {
      var changed = false
      let names = Set(group.flatMap { folders[$0]!.keys }).sorted()
      for name in names {
        let versions = group.compactMap { folders[$0]![name] }
        var tops: [SyncthingVersion] = []
        for version in versions
        where !versions.contains(where: { $0.dominates(version) && $0.vector != version.vector })
          && !tops.contains(where: { $0.vector == version.vector })
        {
          tops.append(version)
        }
        let winner: SyncthingVersion
        if tops.count == 1 {
          winner = tops[0]
        } else {
          var merged: [String: Int] = [:]
          for top in tops { merged.merge(top.vector, uniquingKeysWith: max) }
          merged[group[0], default: 0] += 1
          let live = tops.filter { $0.contents != nil }.sorted { ($0.time, $0.by) < ($1.time, $1.by) }
          guard let best = live.last else {
            winner = SyncthingVersion(contents: nil, vector: merged, time: tick(), by: group[0])
            spread(name, winner, in: group, changed: &changed)
            continue
          }
          winner = SyncthingVersion(contents: best.contents, vector: merged, time: best.time, by: best.by)
          for loser in live.dropLast() where loser.contents != best.contents {
            let stem = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
            var copy = "\(stem).sync-conflict-\(String(format: "%06d", loser.time))-\(loser.by).json"
            while group.contains(where: { folders[$0]![copy] != nil }) { copy = "x" + copy }
            folders[group[0]]![copy] = SyncthingVersion(
              contents: loser.contents, vector: [group[0]: 1], time: loser.time, by: loser.by)
            changed = true
          }
        }
        spread(name, winner, in: group, changed: &changed)
      }
      if !changed { break }
    }
  }

  private func spread(_ name: String, _ winner: SyncthingVersion, in group: [String], changed: inout Bool) {
    for device in group where folders[device]![name]?.vector != winner.vector {
      if folders[device]![name] == nil, winner.contents == nil { continue }
      folders[device]![name] = winner
      changed = true
    }
  }
}
