import Foundation
import TestSupport
import Testing

/// What the agent process does to keep its keys: no core dumps, not dumpable, the key in locked
/// memory left out of dumps; and the systemd unit that starts it at login.
@Suite("Agent hardening", .serialized)
struct AgentHardeningTests {
  @Test("the agent cannot dump core, and holds its keys in locked memory marked not to dump")
  func lockedMemory() throws {
    let session = try AgentSession()
    try session.makeVault()
    #expect(try session.direct(["unlock"]).status == 0)
    let pid = try #require(try session.status().pid)
    let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
    let core = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }
    #expect(
      core?.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).prefix(2) == ["0", "0"])
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    let locked = status.split(separator: "\n").first { $0.hasPrefix("VmLck:") }
    let kilobytes = locked.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[1]) } ?? 0
    #expect(kilobytes >= 64, "the secure heap is locked in memory: \(locked ?? "no VmLck line")")
    // /proc files say they are empty: read them to their end.
    let smapsData = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/smaps")).readDataToEndOfFile()
    let smaps = String(decoding: smapsData, as: UTF8.self)
    let flags = smaps.split(separator: "\n").filter { $0.hasPrefix("VmFlags:") }
    #expect(
      flags.contains { $0.contains(" lo") && $0.contains(" dd") }, "a locked mapping left out of core dumps")
  }

  @Test("the shipped systemd unit runs 'twofold agent --foreground', which the command line takes")
  func systemdUnit() throws {
    let unit = try String(
      contentsOfFile: SharedFixtures.packageRoot.appendingPathComponent(
        "Packaging/systemd/twofold-agent.service"
      ).path,
      encoding: .utf8)
    let exec = try #require(unit.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
    let words = exec.dropFirst("ExecStart=".count).split(separator: " ").map(String.init)
    #expect(words.first?.hasSuffix("/twofold") == true)
    #expect(Array(words.dropFirst()) == ["agent", "--foreground"])
    let help = try TwofoldProcess.run(["help", "agent"])
    #expect(help.status == 0 && help.stdout.contains("--foreground"))
  }
}
