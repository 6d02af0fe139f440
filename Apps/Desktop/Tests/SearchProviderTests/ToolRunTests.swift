import Foundation
import SearchProvider
import Testing

/// A clipboard tool's run: its input, output and status, and the deadline past which it is
/// killed and waited for.
struct ToolRunTests {
  @Test("A tool gets its input and gives back its output and status")
  func output() throws {
    let run = try #require(
      ToolRun.run(
        ["/bin/sh", "-c", "cat; echo oops >&2; exit 3"], input: Array("123456".utf8), seconds: 30,
        readsOutput: true))
    #expect(run.status == 3)
    #expect(run.output == Array("123456".utf8))
    #expect(run.error == Array("oops\n".utf8))
  }

  @Test("A tool still running at its deadline is killed and waited for: no child is left")
  func deadline() throws {
    let run = try #require(
      ToolRun.run(
        ["/bin/sh", "-c", "echo $$; exec /bin/sleep 1000"], input: [], seconds: 0.5, readsOutput: true))
    #expect(run.status == nil)
    let pid = try #require(
      Int32(String(decoding: run.output, as: UTF8.self).trimmingCharacters(in: .newlines)))
    // Waited for: no process, not even an exited one, has its id now.
    #expect(!FileManager.default.fileExists(atPath: "/proc/\(pid)"))
  }

  @Test("A program that cannot start is nil")
  func missing() {
    #expect(ToolRun.run(["/nonexistent/wl-copy"], input: [], seconds: 1) == nil)
  }
}
