import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Several `twofold` processes changing one vault at once, and one that cannot get the lock.
@Suite("Concurrent processes")
struct ConcurrentProcessTests {
  let folder: TemporaryDirectory
  let environment: [String: String]
  let vault: String

  init() throws {
    folder = try TemporaryDirectory()
    vault = folder.path("data") + "/twofold/vault.json"
    environment = ["TWOFOLD_VAULT": vault, "TWOFOLD_PASSWORD": "correct horse"]
  }

  func add(_ issuer: String) throws -> TwofoldProcess.Output {
    try TwofoldProcess.run(
      ["add", "--issuer", issuer, "--name", "n", "--secret", "JBSWY3DPEHPK3PXP"], environment: environment)
  }

  @Test("4 processes adding 10 accounts each at once: all 40 are in the vault")
  func parallelAdds() throws {
    #expect(try TwofoldProcess.run(["init"], environment: environment).status == 0)
    let failures = FailureLog()
    DispatchQueue.concurrentPerform(iterations: 4) { writer in
      for index in 0..<10 {
        do {
          let output = try add("W\(writer)-\(index)")
          if output.status != 0 { failures.append("W\(writer)-\(index): \(output.stderr)") }
        } catch {
          failures.append("W\(writer)-\(index): \(error)")
        }
      }
    }
    #expect(failures.lines.isEmpty, "\(failures.lines)")
    let output = try TwofoldProcess.run(["list", "--json"], environment: environment)
    #expect(output.status == 0)
    let array = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]] ?? []
    let issuers = array.compactMap { $0["issuer"] as? String }
    let expected = (0..<4).flatMap { writer in (0..<10).map { "W\(writer)-\($0)" } }
    #expect(issuers.count == 40)
    #expect(Set(issuers) == Set(expected))
  }

  @Test(
    "add waits about 10 s for a held lock, then fails with status 1, says so and changes nothing",
    .timeLimit(.minutes(1)))
  func heldLock() throws {
    #expect(try TwofoldProcess.run(["init"], environment: environment).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: vault))
    let lockPath = folder.path("data") + "/twofold/.vault.json.lock"
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    try #require(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
    let started = Date()
    let output = try add("Blocked")
    let waited = Date().timeIntervalSince(started)
    #expect(output.status == 1)
    #expect(output.stderr.contains("in use by another twofold process"))
    #expect(output.stderr.split(separator: "\n").count == 1)
    #expect(waited >= 9.5 && waited < 20, "waited \(waited) s")
    #expect(try Data(contentsOf: URL(fileURLWithPath: vault)) == before)
  }
}

/// Failure lines collected from several threads.
private final class FailureLog: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []

  var lines: [String] { lock.withLock { stored } }

  func append(_ line: String) { lock.withLock { stored.append(line) } }
}
