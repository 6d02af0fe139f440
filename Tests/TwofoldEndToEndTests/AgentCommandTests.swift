import Foundation
import TestSupport
import Testing

/// The unlock agent, driven as people and scripts drive it: real `twofold` processes and a real
/// agent in a private `XDG_RUNTIME_DIR`, killed when each test ends.
@Suite("Agent", .serialized)
struct AgentCommandTests {
  @Test("unlock hands the key over: later commands ask for nothing and give the right codes")
  func unlockThenReuse() throws {
    let session = try AgentSession()
    try session.makeVault()
    let unlocked = try session.direct(["unlock"])
    #expect(unlocked.status == 0, "\(unlocked.stderr)")
    #expect(try session.heldVaults() == [session.vault])
    #expect(try session.run(["code", "RFC:hotp"]).stdout == "755224\n")
    #expect(try session.run(["code", "RFC:hotp"]).stdout == "287082\n")
    let listed = try session.run(["list", "--json"])
    #expect(listed.status == 0)
    #expect(listed.stdout.contains("\"code\":\"359152\""))
    #expect(!listed.stdout.contains(AgentSession.totpSecret))
    let added = try session.run(["add", "--issuer", "New", "--name", "one", "--secret", "JBSWY3DPEHPK3PXP"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try session.run(["edit", "New:one", "--note", "via the agent"]).status == 0)
    #expect(try session.run(["show", "New:one"]).stdout.contains("via the agent"))
    #expect(try session.run(["remove", "New:one", "--yes"]).status == 0)
    // The writes went through the vault file: a direct command sees them.
    let direct = try session.direct(["list", "--no-agent"])
    #expect(direct.status == 0 && !direct.stdout.contains("New"))
    #expect(try session.direct(["code", "RFC:hotp", "--no-agent"]).stdout == "359152\n")
  }

  @Test("a password asked through askpass starts the agent, and the next command asks nothing")
  func askpassStartsTheAgent() throws {
    let session = try AgentSession()
    try session.makeVault()
    #expect(try session.status().running == false)
    let askpass = try session.askpass(answer: AgentSession.password)
    let first = try session.run(["code", "RFC:hotp"], askpass.variables)
    #expect(first.stdout == "755224\n", "\(first.stderr)")
    #expect(askpass.count() == 1)
    #expect(try session.heldVaults() == [session.vault])
    #expect(try session.run(["code", "RFC:hotp"], askpass.variables).stdout == "287082\n")
    #expect(askpass.count() == 1)
  }

  @Test("a password from a file or $TWOFOLD_PASSWORD starts no agent")
  func scriptedPasswordsStartNothing() throws {
    let session = try AgentSession()
    try session.makeVault()
    #expect(try session.direct(["list"]).status == 0)
    #expect(try session.run(["list"], ["TWOFOLD_PASSWORD": AgentSession.password]).status == 0)
    #expect(try session.status().running == false)
  }

  @Test("a cancelled askpass is status 1 and nothing is unlocked")
  func askpassCancelled() throws {
    let session = try AgentSession()
    try session.makeVault()
    let askpass = try session.askpass(answer: nil)
    let result = try session.run(["list"], askpass.variables)
    #expect(result.status == 1)
    #expect(result.stderr.contains("cancelled"))
    #expect(try session.status().running == false)
  }

  @Test("the idle timeout locks the vault, and status does not extend it")
  func idleTimeout() throws {
    let session = try AgentSession()
    try session.makeVault()
    #expect(try session.direct(["unlock", "--idle", "1", "--max", "100"]).status == 0)
    #expect(try session.heldVaults() == [session.vault])
    // Polling status would keep the vault forever if status extended the idle time.
    #expect(try waitUntil(deadline: 30) { try session.heldVaults().isEmpty })
    let after = try session.run(["list"])
    #expect(after.status == 2, "no terminal and no password: as without an agent")
  }

  @Test("status reports the seconds left; unlocking again restarts both timeouts")
  func statusAndRelock() throws {
    let session = try AgentSession()
    try session.makeVault()
    #expect(try session.status().vaults.isEmpty)
    #expect(try session.direct(["unlock", "--idle", "50", "--max", "70"]).status == 0)
    var held = try session.status().vaults
    #expect(held.count == 1)
    #expect((held.first?["idle_left"] as? Int).map { (48...50).contains($0) } == true)
    #expect((held.first?["max_left"] as? Int).map { (68...70).contains($0) } == true)
    #expect(try session.direct(["unlock", "--idle", "500", "--max", "900"]).status == 0)
    held = try session.status().vaults
    #expect((held.first?["max_left"] as? Int).map { (898...900).contains($0) } == true)
    let text = try session.run(["status"])
    #expect(text.stdout.contains(session.vault))
  }

  @Test("lock forgets the key at once; lock and status never start an agent")
  func lockAndStatus() throws {
    let session = try AgentSession()
    try session.makeVault()
    #expect(try session.run(["lock"]).status == 0)
    #expect(try session.run(["lock", "--all"]).status == 0)
    #expect(try session.run(["status"]).stdout.contains("not running"))
    #expect(!FileManager.default.fileExists(atPath: session.socket))
    #expect(try session.direct(["unlock"]).status == 0)
    #expect(try session.run(["lock"]).status == 0)
    #expect(try session.heldVaults().isEmpty)
    #expect(try session.run(["list"]).status == 2)
  }

  @Test("bad timeouts are status 2; with the agent off unlock is status 1")
  func unlockArguments() throws {
    let session = try AgentSession()
    try session.makeVault()
    for bad in ["0", "-5", "1.5", "soon"] {
      #expect(try session.direct(["unlock", "--idle", bad]).status == 2)
      #expect(try session.direct(["unlock", "--max", bad]).status == 2)
    }
    #expect(try session.direct(["unlock", "--no-agent"]).status == 1)
    #expect(try session.direct(["unlock"]).status == 0)
    #expect(
      try TwofoldProcess.run(
        ["unlock", "--password-file", session.passwordFile],
        environment: session.environment.merging(["TWOFOLD_AGENT": "off"]) { $1 }
      ).status == 1)
  }

  @Test("--no-agent and TWOFOLD_AGENT=off ignore an agent that holds the vault")
  func agentOff() throws {
    let session = try AgentSession()
    try session.makeVault()
    #expect(try session.direct(["unlock"]).status == 0)
    #expect(try session.run(["list", "--no-agent"]).status == 2)
    #expect(try session.run(["list"], ["TWOFOLD_AGENT": "off"]).status == 2)
    #expect(try session.run(["list"]).status == 0)
  }
}
