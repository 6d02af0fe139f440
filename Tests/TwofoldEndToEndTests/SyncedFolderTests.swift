import Foundation
import TestSupport
import Testing

/// The vault file itself in a synced folder (sync.md "Sources"), and Syncthing's way of
/// replacing files (sync.md "Safety").
@Suite("A vault in a synced folder")
struct SyncedFolderTests {
  @Test(
    "the vault's own conflict copies are announced by commands and merged by 'twofold sync' with no SOURCE")
  func ownConflictCopies() throws {
    let session = try SyncSession()
    let a = session.folder.path("a/vault.json")
    let b = session.folder.path("b/vault.json")
    for folder in ["a", "b"] {
      try FileManager.default.createDirectory(
        atPath: session.folder.path(folder), withIntermediateDirectories: true)
    }
    #expect(try session.run(["init"], vault: a, device: "a").status == 0)
    #expect(
      try session.run(["add", "--issuer", "Common", "--secret", "JBSWY3DPEHPK3PXP"], vault: a, device: "a")
        .status
        == 0)
    #expect(
      try session.run(["add", "--issuer", "Old", "--secret", "GEZDGNBVGY3TQOJQ"], vault: a, device: "a")
        .status
        == 0)
    try session.copy(a, to: b)
    // B reads what Syncthing delivered, then both change the file apart.
    #expect(try session.run(["list"], vault: b, device: "b").status == 0)
    #expect(
      try session.run(["add", "--issuer", "OnlyB", "--secret", "ONSWG4TFOQYTEMZU"], vault: b, device: "b")
        .status
        == 0)
    #expect(try session.run(["remove", "Old", "--yes"], vault: b, device: "b").status == 0)
    #expect(
      try session.run(["add", "--issuer", "OnlyA", "--secret", "MFRGGZDFMZTWQ2LK"], vault: a, device: "a")
        .status
        == 0)
    // On A's side Syncthing keeps B's file and renames A's own.
    let copy = session.folder.path("a/vault.sync-conflict-20261202-120000-AAAAAAA.json")
    try session.copy(a, to: copy)
    try session.copy(b, to: a)
    let listed = try session.run(["list"], vault: a, device: "a")
    #expect(listed.status == 0)
    #expect(listed.stderr.contains("1 conflict copy of this vault: run 'twofold sync'"), "\(listed.stderr)")
    let synced = try session.run(["sync"], vault: a, device: "a")
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(try session.labels(a) == ["Common:", "OnlyA:", "OnlyB:"], "\(synced.stderr)")
    #expect(!FileManager.default.fileExists(atPath: copy), "the copy went into the backups")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: session.folder.path("a/backups")).contains(
        "vault.sync-conflict-20261202-120000-AAAAAAA.json"))
    let after = try session.run(["list"], vault: a, device: "a")
    #expect(!after.stderr.contains("conflict cop"), "\(after.stderr)")
    let beside = try FileManager.default.contentsOfDirectory(atPath: session.folder.path("a")).sorted()
    #expect(beside.allSatisfy { $0 == "vault.json" || $0 == "backups" || $0.hasPrefix(".") }, "\(beside)")
  }

  @Test(
    "backups made beside a vault in a synced folder carry the device's own tag, so two devices never write one name"
  )
  func backupsPerDevice() throws {
    let session = try SyncSession()
    // Syncthing's folder markers: the vaults' folders are synced.
    for folder in ["a", "b", "share", "a/.stfolder", "b/.stfolder"] {
      try FileManager.default.createDirectory(
        atPath: session.folder.path(folder), withIntermediateDirectories: true)
    }
    let a = session.folder.path("a/vault.json")
    let b = session.folder.path("b/vault.json")
    #expect(try session.run(["init"], vault: a, device: "a").status == 0)
    #expect(
      try session.run(["add", "--issuer", "Common", "--secret", "JBSWY3DPEHPK3PXP"], vault: a, device: "a")
        .status == 0)
    try session.copy(a, to: b)
    // The same second on both devices, as when two devices change the synced vault at once.
    for (vault, device) in [(a, "a"), (b, "b"), (a, "a")] {
      #expect(
        try session.run(["edit", "Common", "--note", device], vault: vault, device: device).status == 0)
    }
    let shared = session.folder.path("share/shared.json")
    try session.copy(b, to: shared)
    #expect(
      try session.run(
        ["add", "--issuer", "Shared", "--secret", "MFRGGZDFMZTWQ2LK"], vault: shared, device: "b"
      )
      .status == 0)
    #expect(try session.run(["sync", shared], vault: a, device: "a").status == 0)

    func tags(_ folder: String, _ stem: String) throws -> Set<String> {
      let names = try FileManager.default.contentsOfDirectory(
        atPath: session.folder.path(folder + "/backups"))
      return Set(names.filter { $0.hasPrefix(stem + "-") }.map { Self.deviceTag(of: $0, stem: stem) })
    }
    let onA = try tags("a", "vault")
    let onB = try tags("b", "vault")
    #expect(onA.count == 1 && onB.count == 1, "one tag a device: \(onA) \(onB)")
    #expect(onA.isDisjoint(with: onB) && !onA.contains(""), "\(onA) \(onB)")
    #expect(try tags("a", "shared") == onA, "the shared file's old version is kept under A's tag too")
    // Beside the vault: the vault, its backups, and the lock files (nothing else of this device's).
    let beside = try FileManager.default.contentsOfDirectory(atPath: session.folder.path("a")).sorted()
    #expect(
      beside == [".stfolder", ".vault.json.lock", ".vault.json.sync-lock", "backups", "vault.json"],
      "\(beside)")
  }

  /// The device tag in a backup's name `STEM-YYYYMMDD-HHMMSS-TAG[-N].json`; empty when it has none.
  static func deviceTag(of name: String, stem: String) -> String {
    let parts = name.dropFirst(stem.count + 1).dropLast(".json".count).split(separator: "-")
    guard parts.count >= 3, parts[2].allSatisfy({ $0.isLetter }) else { return "" }
    return String(parts[2])
  }

  @Test("a vault Syncthing is replacing (its temporary file beside it, the vault gone) is waited for")
  func replaceGap() throws {
    let session = try SyncSession()
    let shared = try session.makeVaults()
    #expect(try session.run(["sync", shared]).status == 0)
    let temporary = session.folder.path("share/.syncthing.shared.json.tmp")
    try session.copy(shared, to: temporary)
    try FileManager.default.removeItem(atPath: shared)
    let process = Process()
    process.executableURL = TwofoldProcess.binary
    process.arguments = ["sync", "--vault", session.vault, "--password-file", session.passwordFile]
    process.environment = [
      "PATH": "/usr/bin:/bin", "HOME": session.folder.path(""), "TWOFOLD_AGENT": "off",
      "XDG_STATE_HOME": session.state,
    ]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    try FileManager.default.moveItem(atPath: temporary, toPath: shared)
    process.waitUntilExit()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 0, "\(stderr)")

    // Without Syncthing's temporary file a missing source fails at once.
    try FileManager.default.removeItem(atPath: shared)
    let missing = try session.run(["sync"])
    #expect(missing.status == 1, "\(missing.stderr)")
  }
}
