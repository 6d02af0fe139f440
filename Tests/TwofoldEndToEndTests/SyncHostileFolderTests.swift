import Foundation
import TestSupport
import Testing

/// A synced folder is written by others (Syncthing peers, other users): every file Twofold reads
/// there is opened without following a link and without blocking, checked to be a regular file
/// and size-capped before anything is allocated; anything else is skipped with one line, and
/// the sync goes on with the rest or fails cleanly (issue 32).
@Suite("Sync with a hostile synced folder")
struct SyncHostileFolderTests {
  static let copyName = "shared.sync-conflict-20261202-120000-PHONE01.json"

  /// Puts a special file named `name` in `folder`: a link to /dev/zero, a FIFO, a 1 GiB sparse
  /// file, or a folder.
  static func make(_ kind: String, at path: String) throws {
    switch kind {
    case "a link to /dev/zero":
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
    case "a FIFO":
      #expect(mkfifo(path, 0o600) == 0)
    case "a 1 GiB sparse file":
      #expect(FileManager.default.createFile(atPath: path, contents: nil))
      #expect(truncate(path, 1 << 30) == 0)
    default:
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }
  }

  @Test(
    "a special file named as a conflict copy is skipped with one line, never read nor moved, and the sync goes on",
    arguments: ["a link to /dev/zero", "a FIFO", "a 1 GiB sparse file", "a folder"])
  func specialConflictCopy(kind: String) throws {
    let session = try SyncSession()
    let shared = try session.makeVaults()
    #expect(try session.run(["sync", shared]).status == 0)
    #expect(
      try session.run(
        ["add", "--issuer", "Phone", "--secret", "MFRGGZDFMZTWQ2LK"], vault: shared, device: "p"
      )
      .status == 0)
    let copy = session.folder.path("share/" + Self.copyName)
    try Self.make(kind, at: copy)
    let synced = try session.run(["sync", shared])
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(synced.stderr.contains("skipped \(copy)"), "\(synced.stderr)")
    #expect(try session.labels().contains("Phone:"), "the rest was synced")
    var info = stat()
    #expect(lstat(copy, &info) == 0, "left where it was")
    let backups = (try? FileManager.default.contentsOfDirectory(atPath: session.folder.path("backups"))) ?? []
    #expect(!backups.contains(Self.copyName), "never moved into backups/: \(backups)")
  }

  @Test(
    "a shared file that is a link, or a FIFO, fails the sync cleanly: one line, status 1, nothing written")
  func specialSource() throws {
    for kind in ["a link to /dev/zero", "a FIFO"] {
      let session = try SyncSession()
      _ = try session.makeVaults()
      let source = session.folder.path("share/other.json")
      try Self.make(kind, at: source)
      let before = session.bytes(session.vault)
      let synced = try session.run(["sync", source])
      #expect(synced.status == 1, "\(kind): \(synced.stderr)")
      // A SOURCE given as a link is resolved as given (a person may link a folder elsewhere);
      // what it names is then refused as a special file.
      #expect(synced.stderr.contains("not a regular file"), "\(kind): \(synced.stderr)")
      #expect(synced.stderr.split(separator: "\n").count == 1, "\(kind): \(synced.stderr)")
      #expect(session.bytes(session.vault) == before)
    }
  }

  @Test("the newest 'backup' in an Aegis backup folder that is a link is passed over for the newest real one")
  func specialBackup() throws {
    let session = try SyncSession()
    _ = try session.makeVaults()
    let phone = session.folder.path("phone")
    try FileManager.default.createDirectory(atPath: phone, withIntermediateDirectories: true)
    let real = phone + "/aegis-backup-20260101-080000.json"
    #expect(try session.run(["init"], vault: real, device: "phone").status == 0)
    #expect(
      try session.run(
        ["add", "--issuer", "Phone", "--secret", "ONSWG4TFOQYTEMZU"], vault: real, device: "phone"
      )
      .status == 0)
    try Self.make("a link to /dev/zero", at: phone + "/aegis-backup-20270101-080000.json")
    let synced = try session.run(["sync", phone])
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(synced.stderr.contains("skipped"), "\(synced.stderr)")
    #expect(try session.labels().contains("Phone:"))
  }
}
