import Foundation
import TestSupport
import Testing

/// Sync needs no password while the agent holds the vault's key.
@Suite("Agent and sync", .serialized)
struct AgentSyncTests {
  @Test(
    "the agent runs the sync with its key; a new source its key does not open takes the vault's password too"
  )
  func syncThroughTheAgent() throws {
    let session = try AgentSession()
    try session.makeVault()
    let shared = session.folder.path("shared.json")
    try FileManager.default.copyItem(atPath: session.vault, toPath: shared)
    #expect(
      try session.direct([
        "add", "--vault", shared, "--no-agent", "--issuer", "Phone", "--secret", "MFRGGZDFMZTWQ2LK",
      ]).status == 0)
    #expect(try session.direct(["unlock"]).status == 0)
    let synced = try session.run(["sync", shared])
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(synced.stderr.contains("added to the vault: Phone"))
    #expect(try session.run(["list"]).stdout.contains("Phone"))

    let other = session.folder.path("other.json")
    #expect(
      try TwofoldProcess.run(["init", "--vault", other], environment: ["TWOFOLD_PASSWORD": "another"]).status
        == 0)
    let refused = try session.run(["sync", other])
    #expect(refused.status == 2, "no password and no terminal: \(refused.stderr)")
    let file = try session.folder.write("other-pw", "another\n")
    // The source's password alone is not enough: the agent would seal the vault's accounts under
    // a key the caller chose (issue 32: any process of the user can ask the agent). The sync is
    // left to the command, which needs the vault's password, and there is none to ask for here.
    let otherBefore = FileManager.default.contents(atPath: other)
    let exfiltrate = try session.run(["sync", other, "--source-password-file", file])
    #expect(exfiltrate.status == 2, "\(exfiltrate.stderr)")
    #expect(FileManager.default.contents(atPath: other) == otherBefore, "nothing written under the other key")
    let withPassword = try session.direct(["sync", other, "--source-password-file", file])
    #expect(withPassword.status == 0, "\(withPassword.stderr)")
    #expect(
      try TwofoldProcess.run(["list", "--vault", other], environment: ["TWOFOLD_PASSWORD": "another"]).stdout
        .contains("Phone"))
  }
}
