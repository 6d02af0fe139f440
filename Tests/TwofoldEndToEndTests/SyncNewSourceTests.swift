import Foundation
import TestSupport
import Testing

/// A first sync with a shared file that does not exist yet creates it (sync.md "Sources").
@Suite("Sync with a shared file that does not exist yet")
struct SyncNewSourceTests {
  /// The `header` object of the vault file at `path`.
  static func header(_ path: String) throws -> NSDictionary {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return try #require(object?["header"] as? NSDictionary)
  }

  @Test("a first sync creates the file under the vault's own header and key, says so, and remembers it")
  func creates() throws {
    let session = try SyncSession()
    _ = try session.makeVaults()
    let created = session.folder.path("share/new.json")
    let result = try session.run(["sync", created])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.split(separator: "\n").filter { $0.contains("created") }
        == ["created \(created), sealed with this vault's password"], "\(result.stderr)")
    #expect(try session.labels(created) == ["Deno:Mason", "GitHub:me"], "it opens with the vault's password")
    let (vault, file) = (try Self.header(session.vault), try Self.header(created))
    #expect(vault["slots"] as? NSArray == file["slots"] as? NSArray, "the vault's own slots")
    let nonce = { (header: NSDictionary) in (header["params"] as? NSDictionary)?["nonce"] as? String }
    #expect(nonce(vault) != nil && nonce(vault) != nonce(file), "a fresh nonce")
    let attributes = try FileManager.default.attributesOfItem(atPath: created)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

    let again = try session.run(["sync"])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.contains("synced \(created)"), "remembered: \(again.stderr)")
    #expect(!again.stderr.contains("created"), "\(again.stderr)")
  }

  @Test("--dry-run says what it would create and creates nothing")
  func dryRun() throws {
    let session = try SyncSession()
    _ = try session.makeVaults()
    let created = session.folder.path("share/new.json")
    let vaultBytes = session.bytes(session.vault)
    let result = try session.run(["sync", created, "--dry-run"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("would create \(created)"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: created))
    #expect(session.bytes(session.vault) == vaultBytes)
    let nothing = try session.run(["sync"])
    #expect(nothing.stderr.contains("nothing to sync"), "a dry run remembers nothing: \(nothing.stderr)")
  }

  @Test("a file in a folder that does not exist is not created: status 1, nothing changed")
  func missingFolder() throws {
    let session = try SyncSession()
    _ = try session.makeVaults()
    let source = session.folder.path("nowhere/new.json")
    let vaultBytes = session.bytes(session.vault)
    let result = try session.run(["sync", source])
    #expect(result.status == 1)
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: session.folder.path("nowhere")))
    #expect(session.bytes(session.vault) == vaultBytes)
  }

  @Test("a file Syncthing is delivering (its temporary beside it) is waited for, not created")
  func syncthingGap() throws {
    let session = try SyncSession()
    let delivered = try session.makeVaults()
    #expect(
      try session.run(["add", "--issuer", "Phone", "--secret", "MFRGGZDFMZTWQ2LK"], vault: delivered).status
        == 0)
    let temporary = session.folder.path("share/.syncthing.shared.json.tmp")
    try FileManager.default.moveItem(atPath: delivered, toPath: temporary)
    let log = session.folder.path("sync.log")
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    let process = Process()
    process.executableURL = TwofoldProcess.binary
    process.arguments = [
      "sync", delivered, "--vault", session.vault, "--password-file", session.passwordFile,
    ]
    process.environment = [
      "PATH": "/usr/bin:/bin", "HOME": session.folder.path(""), "TWOFOLD_AGENT": "off",
      "XDG_STATE_HOME": session.state,
    ]
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    try process.run()
    Thread.sleep(forTimeInterval: 0.3)
    try FileManager.default.moveItem(atPath: temporary, toPath: delivered)
    process.waitUntilExit()
    let stderr = String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self)
    #expect(process.terminationStatus == 0, "\(stderr)")
    #expect(!stderr.contains("created"), "\(stderr)")
    #expect(try session.labels().contains("Phone:"), "the delivered file was merged: \(stderr)")
  }
}
