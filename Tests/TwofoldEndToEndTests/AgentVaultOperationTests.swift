import Foundation
import TestSupport
import Testing

/// Vault operations through the unlock agent: what it serves, what still asks for the
/// password, and writes made beside it.
@Suite("Agent vault operations", .serialized)
struct AgentVaultOperationTests {
  @Test("what prints or re-keys secrets still asks for the password")
  func secretCommandsAsk() throws {
    let session = try AgentSession()
    try session.makeVault()
    #expect(try session.direct(["unlock"]).status == 0)
    #expect(try session.run(["show", "Deno"]).status == 0)
    for command in [
      ["show", "Deno", "--uri"], ["show", "Deno", "--qr"], ["export", "--format", "uris"], ["passwd"],
    ] {
      let result = try session.run(command)
      #expect(result.status == 2, "\(command) must ask: \(result.stderr)")
      #expect(!result.stdout.contains(AgentSession.totpSecret))
    }
    let uri = try session.direct(["show", "Deno", "--uri"])
    #expect(uri.stdout.contains(AgentSession.totpSecret))
  }

  @Test("a change written by a direct command is seen through the agent at once")
  func externalWritesSeen() throws {
    let session = try AgentSession()
    try session.makeVault()
    #expect(try session.direct(["unlock"]).status == 0)
    #expect(try session.run(["list"]).stdout.contains("Deno"))
    #expect(
      try session.direct(["add", "--no-agent", "--issuer", "Outside", "--secret", "JBSWY3DPEHPK3PXP"]).status
        == 0)
    #expect(try session.run(["list"]).stdout.contains("Outside"))
    #expect(try session.direct(["remove", "--no-agent", "Outside", "--yes"]).status == 0)
    #expect(!(try session.run(["list"]).stdout.contains("Outside")))
  }

  @Test("a new password locks the vault in the agent, even when no one tells it")
  func passwordChangeLocks() throws {
    let session = try AgentSession()
    try session.makeVault()
    #expect(try session.direct(["unlock"]).status == 0)
    let newPassword = try session.folder.write("new-pw", "another password\n")
    let changed = try session.run(
      ["passwd", "--password-file", session.passwordFile, "--new-password-file", newPassword],
      ["TWOFOLD_AGENT": "off"])
    #expect(changed.status == 0, "\(changed.stderr)")
    #expect(try session.run(["list"]).status == 2, "the agent no longer serves the old key")
    #expect(try session.heldVaults().isEmpty)
    #expect(try session.direct(["unlock"]).status == 1, "the old password is wrong now")
    // Through the command, passwd tells the agent at once.
    #expect(try session.run(["unlock", "--password-file", newPassword]).status == 0)
    #expect(
      try session.run(["passwd", "--password-file", newPassword, "--new-password-file", session.passwordFile])
        .status == 0)
    #expect(try session.heldVaults().isEmpty)
  }

  @Test("a vault file replaced under the agent is not served with the old key")
  func replacedVault() throws {
    let session = try AgentSession()
    try session.makeVault()
    #expect(try session.direct(["unlock"]).status == 0)
    let other = session.folder.path("other.json")
    #expect(try session.run(["init", "--vault", other, "--password-file", session.passwordFile]).status == 0)
    #expect(rename(other, session.vault) == 0)
    #expect(try session.run(["list"]).status == 2)
    let fresh = try session.direct(["list"])
    #expect(fresh.status == 0 && !fresh.stdout.contains("Deno"))
  }

  @Test("agent-backed and direct writers side by side lose no update")
  func concurrentWriters() throws {
    let session = try AgentSession()
    try session.makeVault()
    #expect(try session.direct(["unlock"]).status == 0)
    let group = DispatchGroup()
    let failures = LockedCounter()
    for writer in 0..<4 {
      DispatchQueue.global().async(group: group) {
        for index in 0..<5 {
          let secret = ["JBSWY3DPEHPK3PXP", "GEZDGNBVGY3TQOJQ", "MFRGGZDFMZTWQ2LK", "ONSWG4TFOQYTEMZU"][
            writer]
          let arguments = ["add", "--issuer", "W\(writer)", "--name", "n\(index)", "--secret", secret]
          let result =
            writer.isMultiple(of: 2)
            ? try? session.run(arguments) : try? session.direct(arguments + ["--no-agent"])
          if result?.status != 0 { failures.add() }
        }
      }
    }
    group.wait()
    #expect(failures.value == 0)
    let listed = try session.direct(["list", "--json", "--no-agent"]).stdout
    let names = (0..<4).flatMap { writer in (0..<5).map { "\"issuer\":\"W\(writer)\",\"name\":\"n\($0)\"" } }
    #expect(names.allSatisfy(listed.contains))
  }
}

/// A small counter shared by writer threads.
final class LockedCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func add() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}
