import Foundation
import TestSupport
import Testing

/// A conflict copy that another device merged and moved away while this device synced: listed,
/// then gone when read (ENOENT). A dangling symbolic link plays it: listed, never readable.
@Suite("Conflict copies gone before they are read")
struct SyncGoneCopyTests {
  @Test("a shared file's conflict copy gone before it is read is skipped with a note; the rest is merged")
  func sharedFileCopy() throws {
    let session = try SyncSession()
    let shared = try session.makeVaults()
    #expect(try session.run(["sync", shared]).status == 0)
    let kept = session.folder.path("share/shared.sync-conflict-20260101-100000-ABCDEFG.json")
    try session.copy(shared, to: kept)
    #expect(
      try session.run(["add", "--issuer", "Kept", "--secret", "MFRGGZDFMZTWQ2LK"], vault: kept).status == 0)
    try Self.syncSkipsGoneCopy(session, "share/shared.sync-conflict-20260102-100000-HIJKLMN.json")
    #expect(try session.labels() == ["Deno:Mason", "GitHub:me", "Kept:"])
    #expect(try session.labels(shared) == ["Deno:Mason", "GitHub:me", "Kept:"])
    #expect(!FileManager.default.fileExists(atPath: kept), "the copy read went into the backups")
  }

  @Test("the vault's own conflict copy gone before it is read is skipped with a note; the rest is merged")
  func ownCopy() throws {
    let session = try SyncSession()
    #expect(try session.run(["init"]).status == 0)
    let kept = session.folder.path("vault.sync-conflict-20260101-100000-ABCDEFG.json")
    try session.copy(session.vault, to: kept)
    #expect(
      try session.run(["add", "--issuer", "Kept", "--secret", "MFRGGZDFMZTWQ2LK"], vault: kept).status == 0)
    try Self.syncSkipsGoneCopy(session, "vault.sync-conflict-20260102-100000-HIJKLMN.json")
    #expect(try session.labels() == ["Kept:"])
    #expect(!FileManager.default.fileExists(atPath: kept), "the copy read went into the backups")
  }

  /// Puts a conflict copy at `name` that is gone when read (a link to nothing: another device
  /// moved it away), syncs, and expects success with one note naming it.
  static func syncSkipsGoneCopy(_ session: SyncSession, _ name: String) throws {
    let gone = session.folder.path(name)
    try FileManager.default.createSymbolicLink(
      atPath: gone, withDestinationPath: session.folder.path("moved-away.json"))
    let result = try session.run(["sync"])
    #expect(result.status == 0, "\(result.stderr)")
    let notes = result.stderr.split(separator: "\n").filter { $0.contains(gone) }
    #expect(notes.count == 1 && notes[0].hasPrefix("note: "), "\(result.stderr)")
  }
}
