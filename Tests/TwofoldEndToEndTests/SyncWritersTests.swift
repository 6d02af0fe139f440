import Foundation
import TestSupport
import Testing

/// Two or three devices that sync apart (sync.md "Two writers: which base"), each with its own
/// local vault and state folder, and Syncthing played by copying files: the version that loses
/// the race becomes a conflict copy beside the winner.
@Suite("Sync with several writers")
struct SyncWritersTests {
  static let conflictStamp = "sync-conflict-20261202-120000-AAAAAAA"

  /// A shared vault with Common:, synced once by each device in `devices`; returns the shared
  /// file of each device (`share-DEVICE/shared.json`) and its local vault (`DEVICE.json`).
  func devices(_ session: SyncSession, _ devices: [String]) throws -> [String: (
    vault: String, shared: String
  )] {
    let first = session.folder.path(devices[0] + ".json")
    #expect(try session.run(["init"], vault: first, device: devices[0]).status == 0)
    #expect(
      try session.run(
        ["add", "--issuer", "Common", "--secret", "JBSWY3DPEHPK3PXP"], vault: first, device: devices[0]
      ).status == 0)
    var made: [String: (vault: String, shared: String)] = [:]
    let original = session.folder.path("shared-original.json")
    try session.copy(first, to: original)
    for device in devices {
      let vault = session.folder.path(device + ".json")
      if device != devices[0] { try session.copy(first, to: vault) }
      try FileManager.default.createDirectory(
        atPath: session.folder.path("share-" + device), withIntermediateDirectories: true)
      let shared = session.folder.path("share-\(device)/shared.json")
      try session.copy(original, to: shared)
      let synced = try session.run(["sync", shared], vault: vault, device: device)
      #expect(synced.status == 0, "\(synced.stderr)")
      made[device] = (vault, shared)
    }
    return made
  }

  func add(_ session: SyncSession, _ issuer: String, _ secret: String, on vault: String, device: String)
    throws
  {
    let added = try session.run(
      ["add", "--issuer", issuer, "--secret", secret], vault: vault, device: device)
    #expect(added.status == 0, "\(added.stderr)")
  }

  /// Puts `winner`'s shared file in `folder`'s place and `loser`'s beside it as a conflict copy.
  func race(_ session: SyncSession, winner: String, loser: String, into shared: String) throws {
    let copy = shared.replacingOccurrences(of: "shared.json", with: "shared.\(Self.conflictStamp).json")
    if loser != shared { try session.copy(loser, to: copy) }
    if winner != shared { try session.copy(winner, to: shared) }
  }

  @Test("two devices that both sync apart lose nothing: each keeps the other's new accounts and converges")
  func twoWriters() throws {
    let session = try SyncSession()
    let sides = try devices(session, ["a", "b"])
    let (a, b) = (sides["a"]!, sides["b"]!)
    try add(session, "OnlyA", "MFRGGZDFMZTWQ2LK", on: a.vault, device: "a")
    try add(session, "OnlyB", "ONSWG4TFOQYTEMZU", on: b.vault, device: "b")
    #expect(try session.run(["sync"], vault: a.vault, device: "a").status == 0)
    #expect(try session.run(["sync"], vault: b.vault, device: "b").status == 0)

    // Syncthing keeps A's version on B's side and renames B's own to a conflict copy.
    try race(session, winner: a.shared, loser: b.shared, into: b.shared)
    let onB = try session.run(["sync"], vault: b.vault, device: "b")
    #expect(onB.status == 0, "\(onB.stderr)")
    #expect(try session.labels(b.vault) == ["Common:", "OnlyA:", "OnlyB:"], "\(onB.stderr)")
    #expect(try session.labels(b.shared) == ["Common:", "OnlyA:", "OnlyB:"])

    // Syncthing then brings B's result to A.
    try session.copy(b.shared, to: a.shared)
    let onA = try session.run(["sync"], vault: a.vault, device: "a")
    #expect(onA.status == 0, "\(onA.stderr)")
    #expect(try session.labels(a.vault) == ["Common:", "OnlyA:", "OnlyB:"])
    #expect(try session.labels(a.shared) == ["Common:", "OnlyA:", "OnlyB:"])

    // Converged: another sync on either side changes nothing.
    let again = try session.run(["sync", "--json"], vault: a.vault, device: "a")
    #expect(again.stdout.contains(#""local":{"added":0,"changed":0,"removed":0}"#), "\(again.stdout)")
  }

  @Test("the mirror: the conflict copy is the other device's, and a deletion and a rename both travel")
  func twoWritersWithChanges() throws {
    let session = try SyncSession()
    let sides = try devices(session, ["a", "b"])
    let (a, b) = (sides["a"]!, sides["b"]!)
    // Both devices get Gone and Renamed, and agree on them, before they part.
    try add(session, "Gone", "GEZDGNBVGY3TQOJQ", on: a.vault, device: "a")
    try add(session, "Renamed", "KRSXG5CTMVRXEZLU", on: a.vault, device: "a")
    #expect(try session.run(["sync"], vault: a.vault, device: "a").status == 0)
    try session.copy(a.shared, to: b.shared)
    #expect(try session.run(["sync"], vault: b.vault, device: "b").status == 0)
    try session.copy(b.shared, to: a.shared)
    #expect(try session.run(["sync"], vault: a.vault, device: "a").status == 0)

    // Apart: A adds two and renames one; B removes one and adds one; each syncs.
    try add(session, "A1", "MFRGGZDFMZTWQ2LK", on: a.vault, device: "a")
    try add(session, "A2", "MZXW6YTBOI======", on: a.vault, device: "a")
    #expect(
      try session.run(["edit", "Renamed", "--issuer", "Renamed2"], vault: a.vault, device: "a").status == 0)
    #expect(try session.run(["remove", "Gone", "--yes"], vault: b.vault, device: "b").status == 0)
    try add(session, "B1", "ONSWG4TFOQYTEMZU", on: b.vault, device: "b")
    #expect(try session.run(["sync"], vault: a.vault, device: "a").status == 0)
    #expect(try session.run(["sync"], vault: b.vault, device: "b").status == 0)

    // Syncthing keeps B's file on A's side; A's own becomes the conflict copy.
    try race(session, winner: b.shared, loser: a.shared, into: a.shared)
    let dry = try session.run(["sync", "--dry-run"], vault: a.vault, device: "a")
    #expect(dry.status == 0)
    let onA = try session.run(["sync"], vault: a.vault, device: "a")
    #expect(onA.status == 0, "\(onA.stderr)")
    let expected = ["A1:", "A2:", "B1:", "Common:", "Renamed2:"]
    #expect(try session.labels(a.vault) == expected, "\(onA.stderr)")
    #expect(onA.stderr.contains("0 conflicts"), "\(onA.stderr)")
    try session.copy(a.shared, to: b.shared)
    #expect(try session.run(["sync"], vault: b.vault, device: "b").status == 0)
    #expect(try session.labels(b.vault) == expected)
  }

  @Test("three devices that sync apart, two of them twice, converge with everyone's accounts")
  func threeWriters() throws {
    let session = try SyncSession()
    let sides = try devices(session, ["a", "b", "c"])
    let secrets = ["a": "MFRGGZDFMZTWQ2LK", "b": "ONSWG4TFOQYTEMZU", "c": "GEZDGNBVGY3TQOJQ"]
    for device in ["a", "b", "c"] {
      try add(
        session, "Only" + device.uppercased(), secrets[device]!, on: sides[device]!.vault, device: device)
      #expect(try session.run(["sync"], vault: sides[device]!.vault, device: device).status == 0)
    }
    try add(session, "Again", "KRSXG5CTMVRXEZLU", on: sides["a"]!.vault, device: "a")
    #expect(try session.run(["sync"], vault: sides["a"]!.vault, device: "a").status == 0)
    // On C's side: A's file wins, B's and C's own become conflict copies.
    let shared = sides["c"]!.shared
    try session.copy(
      sides["b"]!.shared,
      to: shared.replacingOccurrences(
        of: "shared.json", with: "shared.sync-conflict-20261202-110000-BBBBBBB.json"))
    try race(session, winner: sides["a"]!.shared, loser: shared, into: shared)
    let onC = try session.run(["sync"], vault: sides["c"]!.vault, device: "c")
    #expect(onC.status == 0, "\(onC.stderr)")
    let all = ["Again:", "Common:", "OnlyA:", "OnlyB:", "OnlyC:"]
    #expect(try session.labels(sides["c"]!.vault) == all, "\(onC.stderr)")
    for device in ["a", "b"] {
      try session.copy(shared, to: sides[device]!.shared)
      let synced = try session.run(["sync"], vault: sides[device]!.vault, device: device)
      #expect(synced.status == 0, "\(synced.stderr)")
      #expect(try session.labels(sides[device]!.vault) == all, "\(device): \(synced.stderr)")
    }
  }

  @Test("the same field edited on both sides apart is a conflict that keeps our value, conflict copy or not")
  func sameFieldConflict() throws {
    let session = try SyncSession()
    let sides = try devices(session, ["a", "b"])
    let (a, b) = (sides["a"]!, sides["b"]!)
    #expect(try session.run(["edit", "Common", "--note", "from a"], vault: a.vault, device: "a").status == 0)
    #expect(try session.run(["edit", "Common", "--note", "from b"], vault: b.vault, device: "b").status == 0)
    #expect(try session.run(["sync"], vault: a.vault, device: "a").status == 0)
    #expect(try session.run(["sync"], vault: b.vault, device: "b").status == 0)
    try race(session, winner: a.shared, loser: b.shared, into: b.shared)
    let onB = try session.run(["sync"], vault: b.vault, device: "b")
    #expect(onB.status == 0, "\(onB.stderr)")
    #expect(
      onB.stderr.contains("conflict: Common: note changed on both sides; the vault's value kept"),
      "\(onB.stderr)")
    #expect(onB.stderr.contains("1 conflict"), "\(onB.stderr)")
    #expect(try session.note("Common", in: b.vault) == "from b")
  }

  @Test("each change line agrees with the summary when conflict copies are merged")
  func linesAgreeWithSummary() throws {
    let session = try SyncSession()
    let sides = try devices(session, ["a", "b"])
    let (a, b) = (sides["a"]!, sides["b"]!)
    try add(session, "Acme", "MFRGGZDFMZTWQ2LK", on: a.vault, device: "a")
    #expect(try session.run(["sync"], vault: a.vault, device: "a").status == 0)
    try session.copy(a.shared, to: b.shared)
    #expect(try session.run(["sync"], vault: b.vault, device: "b").status == 0)
    #expect(try session.run(["remove", "Acme", "--yes"], vault: b.vault, device: "b").status == 0)
    try add(session, "OnlyB", "ONSWG4TFOQYTEMZU", on: b.vault, device: "b")
    #expect(try session.run(["sync"], vault: b.vault, device: "b").status == 0)
    try add(session, "OnlyA", "GEZDGNBVGY3TQOJQ", on: a.vault, device: "a")
    #expect(try session.run(["sync"], vault: a.vault, device: "a").status == 0)
    try race(session, winner: b.shared, loser: a.shared, into: a.shared)
    let onA = try session.run(["sync", "--json"], vault: a.vault, device: "a")
    #expect(onA.status == 0, "\(onA.stderr)")
    let lines = onA.stderr.split(separator: "\n")
    let removedFromSource = lines.filter { $0.hasPrefix("removed from the source") }.count
    let removedFromVault = lines.filter { $0.hasPrefix("removed from the vault") }.count
    let addedToVault = lines.filter { $0.hasPrefix("added to the vault") }.count
    let items = try JSONSerialization.jsonObject(with: Data(onA.stdout.utf8)) as? [[String: Any]]
    let local = items?.first?["local"] as? [String: Int]
    let remote = items?.first?["remote"] as? [String: Int]
    #expect(local?["removed"] == removedFromVault && local?["added"] == addedToVault, "\(onA.stderr)")
    #expect(remote?["removed"] == removedFromSource, "\(onA.stderr)")
    #expect(try session.labels(a.vault) == ["Common:", "OnlyA:", "OnlyB:"], "\(onA.stderr)")
  }

  @Test(
    "a conflict copy named as SOURCE is refused, naming the file it is a copy of, and nothing is remembered")
  func conflictCopyAsSource() throws {
    let session = try SyncSession()
    let shared = try session.makeVaults()
    let copy = session.folder.path("share/shared.\(Self.conflictStamp).json")
    try session.copy(shared, to: copy)
    let before = session.bytes(session.vault)
    let refused = try session.run(["sync", copy])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("conflict copy of shared.json"), "\(refused.stderr)")
    #expect(session.bytes(session.vault) == before)
    let nothing = try session.run(["sync"])
    #expect(nothing.status == 0 && nothing.stderr.contains("nothing to sync"), "\(nothing.stderr)")
  }

  @Test("per-device state lives in $XDG_STATE_HOME, never beside the vault")
  func stateFolder() throws {
    let session = try SyncSession()
    let shared = try session.makeVaults()
    #expect(try session.run(["sync", shared]).status == 0)
    let beside = try FileManager.default.contentsOfDirectory(atPath: session.folder.path(""))
    #expect(!beside.contains("sync"), "\(beside)")
    let vaults = try FileManager.default.contentsOfDirectory(atPath: session.state + "/twofold/vaults")
    #expect(vaults.count == 1 && vaults[0].hasPrefix("vault-"), "\(vaults)")
    let folder = session.state + "/twofold/vaults/" + vaults[0]
    let files = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(files.contains("sources.json") && files.contains("versions"), "\(files)")
  }
}
