import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What `ProcessHardening` does, seen from outside a running `twofold` process.
@Suite("Process hardening of the binary")
struct ProcessHardeningEndToEndTests {
  let folder: TemporaryDirectory
  let environment: [String: String]

  init() throws {
    folder = try TemporaryDirectory()
    environment = [
      "TWOFOLD_VAULT": folder.path("data") + "/twofold/vault.json", "TWOFOLD_PASSWORD": "correct horse",
    ]
  }

  /// Whether this runner may have core files at all; with a hard limit of 0 every child starts
  /// at 0 and the test could not tell twofold's own setting apart.
  static let coreFilesPossible: Bool = {
    var limit = rlimit()
    return getrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit) == 0 && limit.rlim_max > 0
  }()

  @Test(
    "a running twofold has a core-file limit of 0, whatever it inherited", .timeLimit(.minutes(1)),
    .enabled(if: coreFilesPossible, "the test runner's hard core-file limit is already 0"))
  func noCoreFiles() throws {
    #expect(try TwofoldProcess.run(["init"], environment: environment).status == 0)
    let lockPath = folder.path("data") + "/twofold/.vault.json.lock"
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    try #require(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
    // The add waits for the lock held here, long enough to read its limits. It starts with a
    // soft limit raised to the (non-zero) hard one by the shell it is exec'd from (same process
    // id), so a limit of 0 0 can only come from twofold itself.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c", "ulimit -S -c \"$(ulimit -H -c)\" && exec \"$0\" \"$@\"", TwofoldProcess.binary.path,
      "add", "--issuer", "Held", "--secret", "JBSWY3DPEHPK3PXP",
    ]
    process.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    var line: String?
    for _ in 0..<250 where line == nil {
      usleep(20_000)
      let limits = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/limits", encoding: .utf8)
      let lines = limits?.split(separator: "\n") ?? []
      guard let candidate = lines.first(where: { $0.hasPrefix("Max core file size") }) else { continue }
      if candidate.split(separator: " ").dropFirst(4).prefix(2) == ["0", "0"] { line = String(candidate) }
    }
    #expect(line != nil, "the child's core-file limit never became 0 (soft and hard)")
  }
}
