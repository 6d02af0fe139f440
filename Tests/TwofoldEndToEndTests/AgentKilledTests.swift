import Foundation
import TestSupport
import Testing

/// The agent killed while it writes: the durable save leaves the vault whole, and the command
/// that was waiting says so instead of making the change a second time.
@Suite("Agent killed mid-write", .serialized)
struct AgentKilledTests {
  @Test("killing the agent during adds never damages the vault")
  func killedDuringWrites() throws {
    var generator = SplitMix64(seed: 11)
    for round in 0..<6 {
      let session = try AgentSession()
      try session.makeVault()
      #expect(try session.direct(["unlock"]).status == 0)
      let pid = try #require(try session.status().pid)
      let adder = Process()
      adder.executableURL = TwofoldProcess.binary
      adder.arguments = ["import", session.folder.path("many.txt")]
      let uris = (0..<300).map {
        "otpauth://totp/Bulk:n\($0)?secret=JBSWY3DPEHPK3PX\(["A", "B", "C", "D"][$0 % 4])"
      }
      try session.folder.write("many.txt", uris.joined(separator: "\n") + "\n")
      adder.environment = session.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }
      adder.standardOutput = FileHandle.nullDevice
      adder.standardError = FileHandle.nullDevice
      try adder.run()
      // Kills the agent at a random point of the import, or after it when the import is quicker.
      waitUntil(deadline: Double(generator.next() % 40) / 1000, every: 0.001) { !adder.isRunning }
      ProcessEnd.killAndReap(pid)
      adder.waitUntilExit()
      let listed = try session.direct(["list", "--no-agent"])
      #expect(listed.status == 0, "round \(round): the vault opens after the kill: \(listed.stderr)")
      let bulk = listed.stdout.split(separator: "\n").filter { $0.hasPrefix("Bulk") }.count
      #expect(bulk == 0 || bulk == 300, "round \(round): all or nothing, found \(bulk)")
      #expect(listed.stdout.contains("Deno"))
    }
  }
}
