import Foundation
import TestSupport
import Testing

/// One policy for an agent that stops mid-request (issue 18): a change the agent may have made
/// is never made again here. `sync` through an agent that reads the request and hangs up is
/// status 1, says how to see whether the sync was made, and writes nothing.
@Suite("Sync through an agent that stops mid-request")
struct AgentInterruptedSyncTests {
  /// A stand-in agent: it accepts every connection, reads one request and closes it unanswered.
  static let hangUp = #"""
    import os, socket, struct, sys
    path = sys.argv[1]
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path + ".new")
    os.rename(path + ".new", path)
    server.listen(8)
    while True:
        connection, _ = server.accept()
        header = connection.recv(4)
        if len(header) == 4:
            (length,) = struct.unpack(">I", header)
            while length > 0:
                chunk = connection.recv(min(length, 65536))
                if not chunk:
                    break
                length -= len(chunk)
        connection.close()
    """#

  @Test("an interrupted sync is status 1 with one line, and neither file changes")
  func interruptedSync() throws {
    let session = try SyncSession()
    let shared = try session.makeVaults()
    #expect(try session.run(["add", "--issuer", "Later", "--secret", "MFRGGZDFMZTWQ2LK"]).status == 0)
    let runtime = session.folder.path("run")
    try FileManager.default.createDirectory(
      atPath: runtime + "/twofold", withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime)
    let socket = runtime + "/twofold/agent.sock"
    let agent = Process()
    agent.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    agent.arguments = ["python3", "-c", Self.hangUp, socket]
    try agent.run()
    defer {
      // SIGKILL: children of Foundation's Process may start with SIGTERM blocked.
      kill(agent.processIdentifier, SIGKILL)
      agent.waitUntilExit()
    }
    #expect(waitUntil(deadline: 20) { FileManager.default.fileExists(atPath: socket) })
    let vaultBefore = session.bytes(session.vault)
    let sharedBefore = session.bytes(shared)

    let synced = try session.run(["sync", shared], ["XDG_RUNTIME_DIR": runtime, "TWOFOLD_AGENT": "on"])
    #expect(synced.status == 1)
    #expect(
      synced.stderr
        == "twofold: sync: the agent closed the connection; run 'twofold sync --dry-run' to see whether the sync was made\n"
    )
    #expect(session.bytes(session.vault) == vaultBefore)
    #expect(session.bytes(shared) == sharedBefore)
  }
}
