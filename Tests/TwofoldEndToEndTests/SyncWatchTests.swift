import Foundation
import TestSupport
import Testing

/// Sync without being asked (sync.md "Without being asked"): `twofold sync --watch` in the
/// foreground, and the agent while it holds the key.
@Suite("Sync without being asked")
struct SyncWatchTests {
  /// Waits until `condition` holds, up to `seconds` (the sync is due within 5 s of a change; a
  /// loaded 2-core machine running the whole suite beside it has taken 30 s and more).
  static func eventually(_ seconds: Double = 90, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try condition() { return true }
      Thread.sleep(forTimeInterval: 0.1)
    }
    return try condition()
  }

  @Test("sync --watch merges a changed source and a new conflict copy without being asked")
  func foreground() throws {
    let session = try SyncSession()
    let shared = try session.makeVaults()
    #expect(try session.run(["sync", shared]).status == 0)
    let process = Process()
    process.executableURL = TwofoldProcess.binary
    process.arguments = [
      "sync", "--watch", "--vault", session.vault, "--password-file", session.passwordFile,
    ]
    process.environment = [
      "PATH": "/usr/bin:/bin", "HOME": session.folder.path(""), "TWOFOLD_AGENT": "off",
      "XDG_STATE_HOME": session.state,
    ]
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      // SIGKILL: a child of a test thread may inherit a mask that blocks SIGTERM.
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    // Another device's change arrives in the shared file.
    #expect(
      try session.run(
        ["add", "--issuer", "Phone", "--secret", "MFRGGZDFMZTWQ2LK"], vault: shared, device: "phone"
      )
      .status == 0)
    #expect(try Self.eventually { try session.labels().contains("Phone:") }, "the change reached the vault")
    // A conflict copy appears beside it, whole (made elsewhere, then renamed into place).
    let copy = session.folder.path("share/shared.sync-conflict-20261202-120000-PHONE01.json")
    let making = session.folder.path("copy-being-made.json")
    try session.copy(shared, to: making)
    #expect(
      try session.run(
        ["add", "--issuer", "Copy", "--secret", "ONSWG4TFOQYTEMZU"], vault: making, device: "phone"
      )
      .status == 0)
    try FileManager.default.moveItem(atPath: making, toPath: copy)
    #expect(try Self.eventually { try session.labels().contains("Copy:") }, "the copy was merged")
    #expect(Self.eventually { !FileManager.default.fileExists(atPath: copy) }, "and moved to the backups")
  }

  @Test(
    "sync --watch on a vault in a synced folder with no source keeps watching and merges a conflict copy that appears"
  )
  func ownCopiesOnly() throws {
    let session = try SyncSession()
    let synced = session.folder.path("synced")
    try FileManager.default.createDirectory(atPath: synced, withIntermediateDirectories: true)
    let vault = synced + "/vault.json"
    #expect(try session.run(["init"], vault: vault).status == 0)
    #expect(
      try session.run(["add", "--issuer", "Common", "--secret", "JBSWY3DPEHPK3PXP"], vault: vault).status == 0
    )
    let log = session.folder.path("watch.log")
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    let process = Process()
    process.executableURL = TwofoldProcess.binary
    process.arguments = ["sync", "--watch", "--password-file", session.passwordFile]
    process.environment = [
      "PATH": "/usr/bin:/bin", "HOME": session.folder.path(""), "TWOFOLD_AGENT": "off",
      "XDG_STATE_HOME": session.state, "TWOFOLD_VAULT": vault,
    ]
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    try process.run()
    defer {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    let stderr = { String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self) }
    Thread.sleep(forTimeInterval: 1.5)
    #expect(process.isRunning, "no source and no conflict copy yet is no reason to stop: \(stderr())")
    // Syncthing delivers another device's version as a conflict copy beside the vault.
    let making = session.folder.path("copy-being-made.json")
    try session.copy(vault, to: making)
    #expect(
      try session.run(["add", "--issuer", "Other", "--secret", "ONSWG4TFOQYTEMZU"], vault: making).status == 0
    )
    let copy = synced + "/vault.sync-conflict-20261202-120000-PHONE01.json"
    try FileManager.default.moveItem(atPath: making, toPath: copy)
    #expect(
      try Self.eventually { try session.labels(vault).contains("Other:") }, "the copy was merged: \(stderr())"
    )
    #expect(Self.eventually { !FileManager.default.fileExists(atPath: copy) }, "and moved to the backups")
    #expect(try session.labels(vault) == ["Common:", "Other:"])
  }

  @Test("the agent syncs the vault it holds within seconds of a change to a remembered source")
  func agent() throws {
    let session = try AgentSession()
    try session.makeVault()
    let shared = session.folder.path("shared.json")
    try FileManager.default.copyItem(atPath: session.vault, toPath: shared)
    #expect(try session.direct(["unlock"]).status == 0)
    #expect(try session.run(["sync", shared]).status == 0, "remembered, through the agent")
    #expect(
      try session.direct([
        "add", "--vault", shared, "--no-agent", "--issuer", "Laptop", "--secret", "MFRGGZDFMZTWQ2LK",
      ])
      .status == 0)
    let arrived = try Self.eventually {
      try session.run(["list", "--json"]).stdout.contains("\"Laptop\"")
    }
    #expect(arrived, "the agent merged the change without being asked")
  }

  @Test(
    "the agent syncs a second device's shared file (same password, its own master key) without a password (issue 31)"
  )
  func agentOpensASecondDevicesFile() throws {
    let session = try AgentSession()
    try session.makeVault()
    let shared = session.folder.path("shared.json")
    // Made by another device: the same password, a master key of its own.
    #expect(
      try TwofoldProcess.run(
        ["init", "--vault", shared, "--no-agent", "--password-file", session.passwordFile],
        environment: session.environment
      ).status == 0)
    let first = try session.direct(["sync", shared, "--no-agent"])
    #expect(first.status == 0, "\(first.stderr)")
    let state = try String(
      contentsOfFile: try #require(
        FileManager.default.enumerator(atPath: session.folder.path("state"))?.allObjects.compactMap {
          $0 as? String
        }
        .first { $0.hasSuffix("sources.json") }
        .map { session.folder.path("state/" + $0) }),
      encoding: .utf8)
    #expect(state.contains("\"key\""), "the source's key is kept, sealed")
    #expect(try session.direct(["unlock"]).status == 0)
    #expect(
      try session.direct([
        "add", "--vault", shared, "--no-agent", "--issuer", "Laptop", "--secret", "MFRGGZDFMZTWQ2LK",
      ])
      .status == 0)
    let arrived = try Self.eventually {
      try session.run(["list", "--json"]).stdout.contains("\"Laptop\"")
    }
    #expect(arrived, "the agent opened the second device's file with the kept key and merged it")
  }
}
