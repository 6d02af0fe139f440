import Domain
import Foundation
import Infrastructure
import TestSupport
import Testing

@Suite("Sync problem file")
struct SyncProblemFileTests {
  let folder: TemporaryDirectory
  let file: SyncProblemFile
  let problem = SyncProblem(
    source: "/sync/shared.json", message: "it cannot be read: bad db", time: 1_700_000_000)

  init() throws {
    folder = try TemporaryDirectory()
    file = SyncProblemFile(stateFolder: folder.path("state/vaults/vault-0011223344556677"))
  }

  @Test("The file sits in the vault's state folder, beside sources.json; no state root, no file")
  func location() {
    let root = "/home/me/.local/state/twofold"
    #expect(
      SyncProblemFile(vault: "/v/vault.json", root: root)?.path
        == StateLocation.folder(forVault: "/v/vault.json", root: root) + "/sync-problem.json")
    #expect(SyncProblemFile(vault: "/v/vault.json", root: nil) == nil)
  }

  @Test("A problem recorded is read back, from a 0600 file that holds the source, the sentence and the time")
  func roundTrip() throws {
    try file.record(problem)
    #expect(file.read() == problem)
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    let text = try String(contentsOfFile: file.path, encoding: .utf8)
    #expect(text.contains("\"source\": \"/sync/shared.json\"") && text.contains("\"time\": 1700000000"))
    let newer = SyncProblem(source: "/sync/other.json", message: "the file is missing", time: 1_700_000_100)
    try file.record(newer)
    #expect(file.read() == newer, "a later problem replaces the earlier one")
  }

  @Test("A missing or malformed file is no problem", arguments: [nil, "", "{", "[]", #"{"source": 1}"#])
  func unreadable(_ text: String?) throws {
    if let text {
      try FileManager.default.createDirectory(
        atPath: (file.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: file.path, atomically: false, encoding: .utf8)
    }
    #expect(file.read() == nil)
  }

  @Test("Clearing removes the problem only when it is solved; clearing none does nothing")
  func clearing() throws {
    try file.record(problem)
    file.clear { $0.source == "/sync/other.json" }
    #expect(file.read() == problem)
    file.clear { $0.source == problem.source }
    #expect(file.read() == nil)
    #expect(!FileManager.default.fileExists(atPath: file.path))
    file.clear()
  }

  @Test("A source the agent cannot open is told as a sentence naming the command that gives its password")
  func passwordNeeded() {
    let failure = SyncVault.Failure(source: "/sync/shared.json", error: .passwordRequired)
    let problem = SyncProblem(failure, vault: "/v/vault.json", time: 1_700_000_000)
    #expect(
      problem.message
        == "its password is needed (neither the vault's key nor a key kept from an earlier sync opens it): "
        + "run 'twofold sync /sync/shared.json' to give it")
    #expect(problem.source == "/sync/shared.json")
  }

  @Test(
    "Every other failure is a sentence, never the error's identifier",
    arguments: [
      DomainError.passwordRequired, .wrongPassword, .cancelled, .vaultMissing, .vaultExists,
      .vaultCorrupted("bad db"), .vaultLocked, .unsupportedVersion("version 2"),
      .storage("cannot read /x: gone"),
      .duplicate(label: "A:b"), .notFound("q"), .ambiguous("q", candidates: ["a"]),
      .invalidField(.secret, "bad"), .cannotGenerate("no PIN"),
    ])
  func sentences(_ error: DomainError) {
    let message = SyncProblem.message(for: error, source: "/v/vault.json", vault: "/v/vault.json")
    let identifier = "\(error)".prefix { $0 != "(" }
    #expect(!message.contains(identifier), "\(message)")
    #expect(!message.isEmpty && !message.contains("\n"))
    if case .storage(let reason) = error { #expect(message == reason) }
  }

  @Test("The line names the source, the sentence and the local time it began")
  func line() {
    #expect(
      problem.line.wholeMatch(
        of: /\/sync\/shared\.json: it cannot be read: bad db \(since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\)/)
        != nil,
      "\(problem.line)")
  }
}
