import Foundation
import TestSupport
import Testing

/// Two devices with real Syncthing between them (issue 23; sync.md "Two writers: which base"):
/// each has its own local vault, its own state folder and its own Syncthing folder holding the
/// shared `vault.json`. They change their vaults and sync while apart; when they meet again
/// Syncthing keeps one version and makes the other a conflict copy, and a sync on each side
/// brings both to the union.
@Suite("Sync through two real Syncthing devices", .requires(.syncthing))
struct SyncthingTests {
  /// The Syncthing folder's id on both devices.
  static let folderID = "twofold"
  /// How long Syncthing gets to connect or deliver (a loaded 2-core machine).
  static let deadline: Double = 120

  /// One device: its Syncthing, its local vault, and the shared file in its Syncthing folder.
  struct Device {
    /// `a` or `b`: also names its state folder (`state-NAME`, SyncSession).
    let name: String
    let syncthing: Syncthing
    /// Its Syncthing folder.
    let folder: String
    /// Its local vault, outside the Syncthing folder (its `backups/` beside it).
    let vault: String
    /// The folder the vault's backups go to.
    var backups: String { URL(fileURLWithPath: vault).deletingLastPathComponent().path + "/backups" }
    /// The shared vault file in its Syncthing folder.
    var shared: String { folder + "/vault.json" }
  }

  @Test("two devices that sync apart converge on the union, and the conflict copy goes to the backups")
  func apartThenTogether() throws {
    let session = try SyncSession()
    let a = try device("a", in: session)
    defer { a.syncthing.stop() }
    let b = try device("b", in: session)
    defer { b.syncthing.stop() }
    try connect(a, b)
    try syncOnce(session, a, b)

    try apart(a, b)
    try changeOnA(session, a)
    try changeOnB(session, b)
    try together(a, b)
    try waitForDelivery(a, b)
    let copies = conflictCopies(in: a.folder)
    #expect(copies.count == 1, "one version should be a conflict copy: \(copies)")

    // Each syncs once more: A merges both versions, then B takes A's result.
    try sync(session, a)
    try waitForDelivery(a, b)
    try sync(session, b)
    try waitForDelivery(a, b)
    let union = ["A1:", "A2:", "B1:", "Common:", "Noted:", "Renamed2:"]
    for file in [a.vault, b.vault, a.shared, b.shared] {
      #expect(try session.labels(file) == union, "\(file)")
      #expect(try session.note("Noted", in: file) == "edited on b", "\(file)")
    }
    #expect(conflictCopies(in: a.folder).isEmpty && conflictCopies(in: b.folder).isEmpty)
    let backedUp = try FileManager.default.contentsOfDirectory(atPath: a.backups)
    #expect(copies.allSatisfy(backedUp.contains), "\(copies) not in \(backedUp)")

    // Converged: a sync on either side changes no entry, so it writes no file. The devices hold
    // the same entries in different orders (each keeps its own, sync.md "Order"); that must not
    // make each sync rewrite the file the other wrote, or two agents would rewrite it forever.
    try expectSyncWritesNothing(session, a)
    try waitForDelivery(a, b)
    try expectSyncWritesNothing(session, b)
  }

  @Test(
    "with each device's agent syncing on its own, a partition and rejoin converges and the agents then write nothing"
  )
  func agentsApartThenTogether() throws {
    let session = try SyncSession()
    let a = try device("a", in: session)
    defer { a.syncthing.stop() }
    let b = try device("b", in: session)
    defer { b.syncthing.stop() }
    try connect(a, b)
    // B's vault has a master key of its own: its agent opens the shared file with the key its
    // first sync kept (issue 31).
    try syncOnce(session, a, b)
    for device in [a, b] { try startAgent(session, device) }
    defer { for device in [a, b] { stopAgent(session, device) } }

    try apart(a, b)
    try viaAgent(session, ["add", "--issuer", "A1", "--secret", "MFRGGZDFMZTWQ2LK"], on: a)
    try viaAgent(session, ["remove", "Gone", "--yes"], on: b)
    try viaAgent(session, ["add", "--issuer", "B1", "--secret", "ONSWG4TFOQYTEMZU"], on: b)
    // Each agent syncs its vault's change into its own copy of the shared file, unasked.
    #expect(try waitUntil(deadline: Self.deadline) { try session.labels(a.shared).contains("A1:") })
    #expect(
      try waitUntil(deadline: Self.deadline) {
        let labels = try session.labels(b.shared)
        return labels.contains("B1:") && !labels.contains("Gone:")
      })

    try together(a, b)
    let union = ["A1:", "B1:", "Common:", "Noted:", "Renamed:"]
    let converged = try waitUntil(deadline: Self.deadline, every: 0.5) {
      try a.syncthing.scan(Self.folderID)
      try b.syncthing.scan(Self.folderID)
      return try [a.vault, b.vault, a.shared, b.shared].allSatisfy { try session.labels($0) == union }
        && conflictCopies(in: a.folder).isEmpty && conflictCopies(in: b.folder).isEmpty
        && files(in: a.folder) == files(in: b.folder)
    }
    let (labelsA, labelsB) = (try session.labels(a.vault), try session.labels(b.vault))
    #expect(converged, "a: \(labelsA), b: \(labelsB), copies: \(conflictCopies(in: a.folder))")
    // Quiet: a sync on either side, through its agent, changes no entry and writes no file.
    try waitForDelivery(a, b)
    try expectSyncWritesNothing(session, a)
    try expectSyncWritesNothing(session, b)
  }

  /// The environment of `device`'s agent: its own runtime and state folders.
  func agentEnvironment(_ session: SyncSession, _ device: Device) -> [String: String] {
    [
      "TWOFOLD_AGENT": "on", "XDG_RUNTIME_DIR": session.folder.path(device.name + "/run"),
      "XDG_STATE_HOME": session.folder.path("state-" + device.name),
    ]
  }

  /// Starts `device`'s agent holding its vault.
  func startAgent(_ session: SyncSession, _ device: Device) throws {
    try FileManager.default.createDirectory(
      atPath: session.folder.path(device.name + "/run"), withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    let unlocked = try session.run(["unlock"], vault: device.vault, agentEnvironment(session, device))
    try #require(unlocked.status == 0, "\(device.name): unlock: \(unlocked.stderr)")
  }

  /// Stops `device`'s agent.
  func stopAgent(_ session: SyncSession, _ device: Device) {
    let status = try? session.run(
      ["status", "--json"], vault: device.vault, agentEnvironment(session, device))
    let object = status.flatMap {
      try? JSONSerialization.jsonObject(with: Data($0.stdout.utf8)) as? [String: Any]
    }
    if let pid = (object?["pid"] as? NSNumber)?.int32Value { ProcessEnd.killAndReap(pid) }
  }

  /// Runs `twofold arguments…` on `device` through its agent; it must succeed.
  func viaAgent(_ session: SyncSession, _ arguments: [String], on device: Device) throws {
    let output = try session.run(arguments, vault: device.vault, agentEnvironment(session, device))
    try #require(output.status == 0, "\(device.name): twofold \(arguments): \(output.stderr)")
  }

  // MARK: Devices and Syncthing

  /// Device `name`: a folder `NAME` in the session with its Syncthing's home, its Syncthing
  /// folder `synced` and its local vault `twofold.json`.
  func device(_ name: String, in session: SyncSession) throws -> Device {
    let root = session.folder.path(name)
    let folder = root + "/synced"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let syncthing = try Syncthing(home: root + "/syncthing")
    return Device(name: name, syncthing: syncthing, folder: folder, vault: root + "/twofold.json")
  }

  /// Each device knows the other and shares its folder with it; waits until they are connected.
  func connect(_ a: Device, _ b: Device) throws {
    try a.syncthing.add(b.syncthing)
    try b.syncthing.add(a.syncthing)
    try a.syncthing.share(Self.folderID, at: a.folder, with: b.syncthing)
    try b.syncthing.share(Self.folderID, at: b.folder, with: a.syncthing)
    try together(a, b)
  }

  /// Each device pauses the other; waits until neither is connected.
  func apart(_ a: Device, _ b: Device) throws {
    try a.syncthing.pause(b.syncthing)
    try b.syncthing.pause(a.syncthing)
    let parted = try waitUntil(deadline: Self.deadline) {
      try !a.syncthing.isConnected(to: b.syncthing) && !b.syncthing.isConnected(to: a.syncthing)
    }
    try #require(parted, "the devices are still connected")
  }

  /// Each device resumes the other; waits until both are connected.
  func together(_ a: Device, _ b: Device) throws {
    try a.syncthing.resume(b.syncthing)
    try b.syncthing.resume(a.syncthing)
    let connected = try waitUntil(deadline: Self.deadline) {
      try a.syncthing.isConnected(to: b.syncthing) && b.syncthing.isConnected(to: a.syncthing)
    }
    try #require(connected, "the devices did not connect: \(a.syncthing.log)\n\(b.syncthing.log)")
  }

  /// Waits until Syncthing has delivered everything: both sides say they are in sync with the
  /// other, and both folders hold the same files with the same bytes.
  func waitForDelivery(_ a: Device, _ b: Device) throws {
    let delivered = try waitUntil(deadline: Self.deadline) {
      try a.syncthing.isInSync(Self.folderID, with: b.syncthing)
        && b.syncthing.isInSync(Self.folderID, with: a.syncthing)
        && files(in: a.folder) == files(in: b.folder)
    }
    try #require(
      delivered,
      "not delivered: \(Array(files(in: a.folder).keys)) and \(Array(files(in: b.folder).keys))")
  }

  /// The files Syncthing carries in `folder` (not its own hidden ones), by name.
  func files(in folder: String) -> [String: Data] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var files: [String: Data] = [:]
    for name in names where !name.hasPrefix(".") && !name.hasPrefix("~syncthing~") {
      files[name] = FileManager.default.contents(atPath: folder + "/" + name)
    }
    return files
  }

  /// The names of the Syncthing conflict copies in `folder`.
  func conflictCopies(in folder: String) -> [String] {
    files(in: folder).keys.filter { $0.contains(".sync-conflict-") }.sorted()
  }

  // MARK: Twofold on each device

  /// A makes a vault with four accounts and puts a copy of it in its Syncthing folder; each
  /// device syncs its local vault with that shared file once (B's vault starts empty).
  func syncOnce(_ session: SyncSession, _ a: Device, _ b: Device) throws {
    try twofold(session, ["init"], on: a)
    for (issuer, secret) in [
      ("Common", "JBSWY3DPEHPK3PXP"), ("Gone", "GEZDGNBVGY3TQOJQ"), ("Renamed", "KRSXG5CTMVRXEZLU"),
      ("Noted", "NBSWY3DPO5XXE3DE"),
    ] {
      try twofold(session, ["add", "--issuer", issuer, "--secret", secret], on: a)
    }
    try FileManager.default.copyItem(atPath: a.vault, toPath: a.shared)
    try sync(session, a)
    try waitForDelivery(a, b)
    try twofold(session, ["init"], on: b)
    try sync(session, b)
    try waitForDelivery(a, b)
    let all = ["Common:", "Gone:", "Noted:", "Renamed:"]
    #expect(try session.labels(a.vault) == all && session.labels(b.vault) == all)
  }

  /// A adds two accounts and renames one, then syncs.
  func changeOnA(_ session: SyncSession, _ a: Device) throws {
    try twofold(session, ["add", "--issuer", "A1", "--secret", "MFRGGZDFMZTWQ2LK"], on: a)
    try twofold(session, ["add", "--issuer", "A2", "--secret", "MZXW6YTBOI======"], on: a)
    try twofold(session, ["edit", "Renamed", "--issuer", "Renamed2"], on: a)
    try sync(session, a)
  }

  /// B removes an account, edits the note of another and adds one, then syncs.
  func changeOnB(_ session: SyncSession, _ b: Device) throws {
    try twofold(session, ["remove", "Gone", "--yes"], on: b)
    try twofold(session, ["edit", "Noted", "--note", "edited on b"], on: b)
    try twofold(session, ["add", "--issuer", "B1", "--secret", "ONSWG4TFOQYTEMZU"], on: b)
    try sync(session, b)
  }

  /// `twofold sync SHARED` on `device` (with `extra` arguments), then a Syncthing scan of its
  /// folder so the result is offered to the other device.
  @discardableResult
  func sync(_ session: SyncSession, _ device: Device, _ extra: [String] = []) throws -> TwofoldProcess.Output
  {
    let output = try twofold(session, ["sync", device.shared] + extra, on: device)
    try device.syncthing.scan(Self.folderID)
    return output
  }

  /// Syncs `device` and expects a report of no change that wrote neither its vault nor its shared
  /// file (sync.md: "A sync that changes no entry writes neither file").
  func expectSyncWritesNothing(_ session: SyncSession, _ device: Device) throws {
    let files = [device.vault, device.shared]
    let before = files.map { FileManager.default.contents(atPath: $0) }
    let output = try sync(session, device, ["--json"])
    let unchanged = #"{"added":0,"changed":0,"removed":0}"#
    #expect(
      output.stdout.contains(#""local":\#(unchanged)"#) && output.stdout.contains(#""remote":\#(unchanged)"#),
      "\(device.name): \(output.stdout)")
    let rewritten = zip(files, before).filter { FileManager.default.contents(atPath: $0) != $1 }.map(\.0)
    #expect(
      rewritten.isEmpty, "\(device.name)'s sync changed no entry but rewrote \(rewritten): \(output.stderr)")
  }

  /// Runs `twofold arguments…` on `device`'s vault with its own state folder; it must succeed.
  @discardableResult
  func twofold(_ session: SyncSession, _ arguments: [String], on device: Device) throws
    -> TwofoldProcess.Output
  {
    let output = try session.run(arguments, vault: device.vault, device: device.name)
    try #require(output.status == 0, "\(device.name): twofold \(arguments): \(output.stderr)")
    return output
  }
}
