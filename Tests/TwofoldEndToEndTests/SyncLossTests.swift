import Foundation
import TestSupport
import Testing

/// The losses issue 31 reproduced with nothing but `twofold` commands, each run again with the
/// real binary (the agent's second device is in `SyncWatchTests`): every device's accounts,
/// deletions and edits survive, and converged devices write nothing.
@Suite("Sync loses nothing")
struct SyncLossTests {
  let writers = SyncWritersTests()

  /// Syncs each device in `order` with its shared file, copying each written file to the others
  /// (Syncthing, connected), until a whole pass writes nothing; fails after `passes`.
  func converge(
    _ session: SyncSession, _ sides: [String: (vault: String, shared: String)], order: [String],
    passes: Int = 4
  ) throws -> Bool {
    for _ in 0..<passes {
      let before = order.map { (session.bytes(sides[$0]!.vault), session.bytes(sides[$0]!.shared)) }
      for device in order {
        let synced = try session.run(
          ["sync", sides[device]!.shared], vault: sides[device]!.vault, device: device)
        #expect(synced.status == 0, "\(synced.stderr)")
        for other in order where other != device {
          try session.copy(sides[device]!.shared, to: sides[other]!.shared)
        }
      }
      let after = order.map { (session.bytes(sides[$0]!.vault), session.bytes(sides[$0]!.shared)) }
      if zip(before, after).allSatisfy({ $0.0 == $1.0 && $0.1 == $1.1 }) { return true }
    }
    return false
  }

  @Test(
    "the phone's backup folder never deletes the desktop's own accounts after a sync that found no new backup",
    .enabled(if: SharedFixtures.aegis != nil, "\(SharedFixtures.missingMessage)"))
  func backupFolderBaseStaysTheirs() throws {
    let session = try SyncSession()
    #expect(try session.run(["init"]).status == 0)
    try writers.add(session, "Desk1", "MFRGGZDFMZTWQ2LK", on: session.vault, device: "desktop")
    try writers.add(session, "Desk2", "ONSWG4TFOQYTEMZU", on: session.vault, device: "desktop")
    let phone = session.folder.path("Aegis")
    try FileManager.default.createDirectory(atPath: phone, withIntermediateDirectories: true)
    let password = try session.folder.write("aegis-pw", "test\n")
    // Real Aegis vaults (no twofold_sync): the phone's backups as Aegis writes them.
    try SharedFixtures.data("aegis_encrypted.json").write(
      to: URL(fileURLWithPath: phone + "/aegis-backup-20261201-080000.json"))
    let first = try session.run(["sync", phone, "--source-password-file", password])
    #expect(first.status == 0, "\(first.stderr)")
    let again = try session.run(["sync", "--source-password-file", password])
    #expect(again.status == 0, "no new backup: \(again.stderr)")
    // The phone writes a newer backup; the desktop's own accounts were never in any.
    try SharedFixtures.data("generated/aegis_v3_encrypted_generated.json").write(
      to: URL(fileURLWithPath: phone + "/aegis-backup-20261202-080000.json"))
    let synced = try session.run(["sync", "--source-password-file", password])
    #expect(synced.status == 0, "\(synced.stderr)")
    let labels = try session.labels()
    #expect(labels.contains("Desk1:") && labels.contains("Desk2:"), "\(labels)")
  }

  @Test("damaged kept versions never let a newer base drop the other device's new account")
  func damagedKeptVersions() throws {
    let session = try SyncSession()
    let sides = try writers.devices(session, ["a", "b"])
    let (a, b) = (sides["a"]!, sides["b"]!)
    let versions = try #require(
      FileManager.default.enumerator(atPath: session.folder.path("state-b"))?.allObjects.compactMap {
        $0 as? String
      }
      .filter { $0.hasSuffix(".json") && $0.contains("/versions/") && !$0.hasSuffix("index.json") })
    #expect(!versions.isEmpty)
    for version in versions {
      let path = session.folder.path("state-b/" + version)
      var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      // A character in the middle of the sealed db (never one of the padding bits at its end).
      let start = bytes.indices.first { bytes[$0...].starts(with: Array("\"db\"".utf8)) }!
      let end = bytes.lastIndex(of: UInt8(ascii: "\""))!
      let position = (start + end) / 2
      bytes[position] = bytes[position] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
    try writers.add(session, "Laptop", "MFRGGZDFMZTWQ2LK", on: a.vault, device: "a")
    #expect(try session.run(["sync", a.shared], vault: a.vault, device: "a").status == 0)
    try session.copy(a.shared, to: b.shared)
    #expect(try converge(session, sides, order: ["b", "a"]))
    for vault in [a.vault, b.vault] { #expect(try session.labels(vault).contains("Laptop:")) }
  }

  @Test(
    "devices whose orders differ, then each change one thing apart and sync once: the deletion sticks, the edit stays"
  )
  func ordersDifferThenApart() throws {
    let session = try SyncSession()
    let sides = try writers.devices(session, ["a", "b"])
    let (a, b) = (sides["a"]!, sides["b"]!)
    try writers.add(session, "Gone", "GEZDGNBVGY3TQOJQ", on: a.vault, device: "a")
    #expect(try converge(session, sides, order: ["a", "b"]))
    // Apart: each adds one account and syncs; the second to sync merges the first's file, so
    // the two vaults list the new accounts in different orders.
    try writers.add(session, "OnlyA", "MFRGGZDFMZTWQ2LK", on: a.vault, device: "a")
    try writers.add(session, "OnlyB", "ONSWG4TFOQYTEMZU", on: b.vault, device: "b")
    #expect(try session.run(["sync", a.shared], vault: a.vault, device: "a").status == 0)
    try session.copy(a.shared, to: b.shared)
    #expect(try converge(session, sides, order: ["b", "a"]))
    // Apart again, one sync each: a deletes Gone, b edits Common's note.
    #expect(try session.run(["remove", "Gone", "--yes"], vault: a.vault, device: "a").status == 0)
    #expect(
      try session.run(["edit", "Common", "--note", "from b"], vault: b.vault, device: "b").status == 0)
    #expect(try session.run(["sync", a.shared], vault: a.vault, device: "a").status == 0)
    #expect(try session.run(["sync", b.shared], vault: b.vault, device: "b").status == 0)
    // Syncthing keeps b's write and makes a's a conflict copy on both devices.
    for shared in [a.shared, b.shared] {
      let copy = shared.replacingOccurrences(
        of: "shared.json", with: "shared.\(SyncWritersTests.conflictStamp).json")
      try session.copy(a.shared, to: copy)
    }
    try session.copy(b.shared, to: a.shared)
    #expect(try converge(session, sides, order: ["a", "b"]))
    for vault in [a.vault, b.vault] {
      #expect(try !session.labels(vault).contains("Gone:"), "the deletion sticks in \(vault)")
      #expect(try session.note("Common", in: vault) == "from b", "the edit stays in \(vault)")
    }
  }

  @Test("two devices that create the same group name apart converge, then sync without writing")
  func sameGroupNameApart() throws {
    let session = try SyncSession()
    let sides = try writers.devices(session, ["a", "b"])
    let (a, b) = (sides["a"]!, sides["b"]!)
    try writers.add(session, "Second", "MFRGGZDFMZTWQ2LK", on: a.vault, device: "a")
    #expect(try converge(session, sides, order: ["a", "b"]))
    #expect(try session.run(["edit", "Common", "--group", "Work"], vault: a.vault, device: "a").status == 0)
    #expect(try session.run(["edit", "Second", "--group", "Work"], vault: b.vault, device: "b").status == 0)
    #expect(try session.run(["sync", a.shared], vault: a.vault, device: "a").status == 0)
    try session.copy(a.shared, to: b.shared)
    #expect(try converge(session, sides, order: ["b", "a"]), "the shared file stops changing")
    let shared = session.bytes(a.shared)
    for device in ["a", "b", "a", "b"] {
      #expect(
        try session.run(["sync", sides[device]!.shared], vault: sides[device]!.vault, device: device).status
          == 0)
    }
    #expect(session.bytes(a.shared) == shared && session.bytes(b.shared) == shared)
  }
}
