import Foundation
import TestSupport
import Testing

/// The agent's safety: its folder, one agent at a time, requests it cannot read, clients of
/// another version, and nothing secret on disk.
@Suite("Agent safety", .serialized)
struct AgentSafetyTests {
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
