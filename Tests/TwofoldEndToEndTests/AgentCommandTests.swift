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

  @Test("the agent's folder must be private: other modes, symlinks and other owners are refused")
  func refusedFolders() throws {
    for problem in ["mode", "symlink", "owner"] {
      let session = try AgentSession()
      try session.makeVault()
      let folder = session.runtime + "/twofold"
      switch problem {
      case "mode":
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        chmod(folder, 0o755)
      case "symlink":
        let elsewhere = session.folder.path("elsewhere")
        try FileManager.default.createDirectory(
          atPath: elsewhere, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        try FileManager.default.createSymbolicLink(atPath: folder, withDestinationPath: elsewhere)
      default:
        guard getuid() == 0 else { continue }
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        chown(folder, 65534, 65534)
      }
      let unlock = try session.direct(["unlock"])
      #expect(unlock.status == 1, "\(problem)")
      #expect(unlock.stderr.contains(folder), "\(problem): \(unlock.stderr)")
      let agent = try session.run(["agent", "--foreground"])
      #expect(agent.status == 1, "\(problem)")
      let list = try session.direct(["list"])
      #expect(list.status == 0, "a refused folder never stops a command: \(list.stderr)")
      #expect(try session.status().running == false)
    }
  }

  @Test("a second agent is refused; a killed agent's socket is replaced by the next one")
  func singleAgentAndStaleSocket() throws {
    let session = try AgentSession()
    try session.makeVault()
    #expect(try session.direct(["unlock"]).status == 0)
    let second = try session.run(["agent", "--foreground"])
    #expect(second.status == 1)
    #expect(second.stderr.contains("already runs"))
    #expect(try session.run(["agent"]).status == 0, "starting one when one runs is fine")
    let first = try session.status().pid
    session.stopAgent()
    #expect(FileManager.default.fileExists(atPath: session.socket), "SIGKILL leaves the socket behind")
    let list = try session.direct(["list"])
    #expect(list.status == 0)
    #expect(try session.direct(["unlock"]).status == 0)
    let next = try session.status()
    #expect(next.running && next.pid != first)
    #expect(try session.run(["list"]).status == 0)
  }

  @Test("damaged, oversized and slow requests get an answer and the agent keeps serving")
  func badRequests() throws {
    let session = try AgentSession()
    try session.makeVault()
    #expect(try session.direct(["unlock"]).status == 0)
    let probe = try RawAgentClient.run(socket: session.socket, script: "bad-requests")
    #expect(probe.status == 0, "\(probe.stderr)")
    #expect(probe.stdout == "oversized: malformed\ngarbage: malformed\nslow: other served\n")
    #expect(try session.run(["list"]).status == 0)
  }

  @Test("an agent meeting a client of another version stops, and the next command starts a new one")
  func otherVersion() throws {
    let session = try AgentSession()
    try session.makeVault()
    #expect(try session.direct(["unlock"]).status == 0)
    let first = try session.status().pid
    let probe = try RawAgentClient.run(socket: session.socket, script: "other-version")
    #expect(probe.stdout == "version mismatch\n", "\(probe.stderr)")
    #expect(try waitUntil(deadline: 10) { try session.status().running == false })
    #expect(try session.direct(["unlock"]).status == 0)
    let second = try session.status()
    #expect(second.running && second.pid != first)
  }

  @Test("no file written during an agent session holds the password or a secret")
  func nothingSecretOnDisk() throws {
    let session = try AgentSession()
    try session.makeVault()
    let askpass = try session.askpass(answer: AgentSession.password)
    #expect(try session.run(["list"], askpass.variables).status == 0)
    #expect(try session.run(["code", "RFC:hotp"]).status == 0)
    #expect(try session.run(["add", "--issuer", "X", "--secret", "JBSWY3DPEHPK3PXP"]).status == 0)
    let secrets = [
      AgentSession.password, AgentSession.totpSecret, AgentSession.hotpSecret, "JBSWY3DPEHPK3PXP",
    ]
    let enumerator = FileManager.default.enumerator(atPath: session.folder.url.path)
    var checked = 0
    while let name = enumerator?.nextObject() as? String {
      let path = session.folder.path(name)
      guard !["pw", "askpass.sh"].contains(name),
        let data = FileManager.default.contents(atPath: path)
      else { continue }
      checked += 1
      for secret in secrets {
        #expect(data.range(of: Data(secret.utf8)) == nil, "\(name) holds a secret")
      }
    }
    #expect(checked >= 3)
  }
}

/// A small counter shared by writer threads.
final class LockedCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func add() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}
