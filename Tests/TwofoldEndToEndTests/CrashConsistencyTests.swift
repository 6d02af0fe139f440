import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `twofold add` killed with SIGKILL: the vault always opens and holds the accounts from before
/// the kill, or those and the new one, never fewer and never garbage. Random kills check that
/// property wherever they land; kills at named points of the save (`$TWOFOLD_TEST_KILL_AT`, which
/// only the debug binary reads, `Environment+FaultPoints.swift`, and hands `FileVaultStorage` as
/// its fault point) make sure both outcomes are seen, whatever the machine's load.
@Suite("Crash consistency")
struct CrashConsistencyTests {
  /// Kills per run; `TWOFOLD_CRASH_RUNS` raises it for long runs.
  static let runs = ProcessInfo.processInfo.environment["TWOFOLD_CRASH_RUNS"].flatMap(Int.init) ?? 200

  let folder: TemporaryDirectory
  let environment: [String: String]
  let vault: String

  init() throws {
    folder = try TemporaryDirectory()
    vault = folder.path("data") + "/twofold/vault.json"
    environment = [
      "PATH": "/usr/bin:/bin", "HOME": folder.url.path, "TWOFOLD_VAULT": vault,
      "TWOFOLD_PASSWORD": "correct horse",
    ]
  }

  /// Starts `twofold arguments…` with no input or output, kills it after `delay` microseconds
  /// (unless it ended first) and waits for it.
  func killed(_ arguments: [String], afterMicroseconds delay: UInt32) throws {
    let process = Process()
    process.executableURL = TwofoldProcess.binary
    process.arguments = arguments
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    usleep(delay)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// The issuers `list --json` shows, sorted, or nil (with the failure recorded) when it fails.
  func issuers() throws -> [String]? {
    let output = try TwofoldProcess.run(["list", "--json"], environment: environment)
    #expect(output.status == 0, "the vault did not open: \(output.stderr)")
    guard output.status == 0 else { return nil }
    let array = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]]
    let list = try #require(array, "list --json did not print an array")
    return list.compactMap { $0["issuer"] as? String }.sorted()
  }

  func add(_ issuer: String) -> [String] {
    ["add", "--issuer", issuer, "--name", "crash", "--secret", "JBSWY3DPEHPK3PXP"]
  }

  func backupCount() -> Int {
    let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path("data") + "/twofold/backups")
    return names?.count ?? 0
  }

  /// After the kills, the next successful change removes every temporary they left beside the
  /// vault. One of each kind is added first, so the check never passes just because the kills
  /// happened to leave none; the `.new-` one names a pid no process can have.
  func expectNoStrayTemporariesAfterNextChange() throws {
    let twofold = folder.path("data") + "/twofold"
    for name in [".vault.json.tmp-1", ".vault.json.backup-1", ".vault.json.new-2147483647"] {
      try Data("stray".utf8).write(to: URL(fileURLWithPath: twofold + "/" + name))
    }
    #expect(try TwofoldProcess.run(add("After"), environment: environment).status == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: twofold).sorted()
    #expect(names == [".vault.json.lock", "backups", "vault.json"])
  }

  @Test("SIGKILL at random moments of add leaves the old or the new vault, never a mix or nothing")
  func killedAdds() throws {
    #expect(try TwofoldProcess.run(["init"], environment: environment).status == 0)
    let started = Date()
    #expect(try TwofoldProcess.run(add("Base"), environment: environment).status == 0)
    // Kills spread over the whole run of an add (and a little after), so some land in the
    // key derivation, some in the write and rename, and some after it ended.
    let span = max(UInt32(Date().timeIntervalSince(started) * 1.3e6), 30_000)
    var expected = ["Base"]
    var lastBytes = try Data(contentsOf: URL(fileURLWithPath: vault))
    var generator = SplitMix64(seed: 0x7E57_C4A5_0000_0001)
    for index in 0..<Self.runs {
      let issuer = "X\(index)"
      try killed(add(issuer), afterMicroseconds: UInt32.random(in: 0...span, using: &generator))
      #expect(FileManager.default.fileExists(atPath: vault), "run \(index): the vault file is gone")
      #expect(backupCount() <= 20, "run \(index): more than 20 backups")
      let bytes = try Data(contentsOf: URL(fileURLWithPath: vault))
      // Unchanged bytes are the vault already checked; only a changed file is opened again.
      guard bytes != lastBytes else { continue }
      lastBytes = bytes
      guard let found = try issuers() else { return }
      let grown = (expected + [issuer]).sorted()
      #expect(found == expected || found == grown, "run \(index): \(found.count) accounts")
      if found == grown { expected = grown }
    }
    #expect(try issuers() == expected)
    try expectNoStrayTemporariesAfterNextChange()
  }

  @Test(
    "SIGKILL just before the rename leaves the old vault, just after it the new one",
    arguments: [("before-rename", ["Base"]), ("after-rename", ["Base", "New"])])
  func killedAtAPoint(point: String, expected: [String]) throws {
    #expect(try TwofoldProcess.run(["init"], environment: environment).status == 0)
    #expect(try TwofoldProcess.run(add("Base"), environment: environment).status == 0)
    var dying = environment
    dying["TWOFOLD_TEST_KILL_AT"] = point
    let killed = try TwofoldProcess.run(add("New"), environment: dying)
    #expect(killed.status == SIGKILL, "add was not killed at \(point): \(killed.stderr)")
    #expect(try issuers() == expected)
    #expect(backupCount() <= 20)
    try expectNoStrayTemporariesAfterNextChange()
  }
}
