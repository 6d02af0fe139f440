import Foundation
import TestSupport
import Testing

/// A sync the agent makes without being asked and cannot finish is reported by `twofold status`
/// (read from the vault's state, with the agent or without), until a sync of that source succeeds.
@Suite("A sync problem the agent had")
struct SyncProblemTests {
  @Test("a remembered source the agent cannot open shows in status until a sync with its password succeeds")
  func sourceTheAgentCannotOpen() throws {
    let session = try AgentSession()
    try session.makeVault()
    let shared = session.folder.path("shared.json")
    try FileManager.default.copyItem(atPath: session.vault, toPath: shared)
    #expect(try session.direct(["sync", shared, "--no-agent"]).status == 0, "remembered")
    // Another device puts a vault of another password (its own master key) in its place.
    let replacement = session.folder.path("replacement.json")
    let other = ["TWOFOLD_PASSWORD": "another password"]
    #expect(try session.run(["init", "--vault", replacement, "--no-agent"], other).status == 0)
    #expect(
      try session.run(
        ["add", "--vault", replacement, "--no-agent", "--issuer", "Phone", "--secret", "MFRGGZDFMZTWQ2LK"],
        other
      ).status == 0)
    try FileManager.default.removeItem(atPath: shared)
    try FileManager.default.moveItem(atPath: replacement, toPath: shared)
    #expect(try session.direct(["unlock"]).status == 0)
    #expect(try syncProblem(session) == nil, "nothing failed yet")

    // The file is written again (the same bytes): a change the agent syncs within seconds.
    let bytes = try Data(contentsOf: URL(fileURLWithPath: shared))
    try bytes.write(to: URL(fileURLWithPath: shared))
    let shown = try SyncWatchTests.eventually { try syncProblem(session) != nil }
    #expect(shown, "status shows the problem of the sync the agent could not make")
    let problem = try #require(try syncProblem(session))
    let sentence =
      "its password is needed (neither the vault's key nor a key kept from an earlier sync opens it): "
      + "run 'twofold sync \(shared)' to give it"
    #expect(problem["source"] as? String == shared)
    #expect(problem["message"] as? String == sentence)
    #expect(problem["vault"] as? String == session.vault)
    #expect((problem["time"] as? NSNumber)?.int64Value ?? 0 > 1_700_000_000)
    let text = try session.run(["status"])
    #expect(text.status == 0)
    let line = try #require(text.stdout.split(separator: "\n").last.map(String.init))
    #expect(line.hasPrefix("sync: \(shared): \(sentence) (since "), "\(text.stdout)")
    #expect(line.wholeMatch(of: /.* \(since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\)/) != nil, "\(line)")

    // Without an agent (another runtime folder, where none runs), the state still tells.
    let empty = session.folder.path("run-empty")
    try FileManager.default.createDirectory(
      atPath: empty, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let alone = try session.run(["status"], ["XDG_RUNTIME_DIR": empty])
    #expect(alone.stdout == "agent: not running\n\(line)\n")

    // A sync of that source with its password succeeds, and the problem is gone.
    let passwordFile = try session.folder.write("other-pw", "another password\n")
    let synced = try session.run(["sync", shared, "--source-password-file", passwordFile])
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(try syncProblem(session) == nil)
    #expect(!(try session.run(["status"]).stdout.contains("sync: ")))
  }

  /// `status --json`'s `sync_problem`, nil when it is null.
  private func syncProblem(_ session: AgentSession) throws -> [String: Any]? {
    let output = try session.run(["status", "--json"])
    let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any] ?? [:]
    #expect(object.keys.contains("sync_problem"), "\(output.stdout)")
    return object["sync_problem"] as? [String: Any]
  }
}
