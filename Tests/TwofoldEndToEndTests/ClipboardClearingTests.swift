import Foundation
import TestSupport
import Testing

/// `code QUERY --copy` copies with the desktop's tool (a fake `xclip` here) and leaves a process
/// behind that clears the clipboard after `$TWOFOLD_CLIPBOARD_SECONDS`, as the full-screen app does.
@Suite("Clipboard clearing after code --copy")
struct ClipboardClearingTests {
  let folder: TemporaryDirectory
  let clipboard: FakeClipboard
  let environment: [String: String]

  init() throws {
    folder = try TemporaryDirectory()
    clipboard = try FakeClipboard()
    environment = clipboard.environment.merging([
      "TWOFOLD_VAULT": folder.path("vault.json"), "TWOFOLD_PASSWORD": "correct horse",
      "TWOFOLD_CLIPBOARD_SECONDS": "3",
    ]) { $1 }
    #expect(try TwofoldProcess.run(["init"], environment: environment).status == 0)
    // RFC 4226 appendix D: counter 0 gives 755224, so the copied code is known in advance.
    let add = try TwofoldProcess.run(
      [
        "add", "--issuer", "RFC", "--name", "4226", "--type", "hotp", "--secret",
        "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ",
      ],
      environment: environment)
    #expect(add.status == 0)
  }

  /// Runs `code RFC --copy` and checks what it printed.
  func copy() throws {
    let output = try TwofoldProcess.run(["code", "RFC", "--copy"], environment: environment)
    #expect(output.status == 0)
    #expect(output.stdout == "755224\n")
    #expect(output.stderr == "copied to the clipboard with xclip; cleared in 3 s\n")
  }

  /// The process that read the clipboard back, once it has done so.
  func clearer() throws -> FakeClipboard.Call {
    #expect(waitUntil(deadline: 15) { clipboard.calls.contains { $0.action == "paste" } })
    return try #require(clipboard.calls.first { $0.action == "paste" })
  }

  @Test("the code is on the clipboard when code --copy returns and gone after the lifetime")
  func clearsAfterLifetime() throws {
    try copy()
    let returned = Date()
    // Still there: the command did not wait for the clearing (nor hold its output open).
    #expect(clipboard.contents == "755224")
    #expect(waitUntil(deadline: 15) { clipboard.contents == "" })
    #expect(Date().timeIntervalSince(returned) > 1, "cleared before the lifetime was over")
    let reader = try clearer()
    #expect(waitUntil(deadline: 5) { !ProcessEnd.isRunning(reader.caller) })
    let calls = clipboard.calls
    #expect(calls.map(\.action) == ["copy", "paste", "copy"])
    // The clearing is done by another process, in a session of its own, that got the code on
    // its standard input: neither its command line nor any tool's environment has a secret.
    #expect(calls[0].caller != reader.caller && calls[2].caller == reader.caller)
    #expect(reader.session == reader.caller)
    #expect(reader.command.contains("internal-clear-clipboard"))
    #expect(!calls.contains { $0.command.contains("755224") })
    #expect(!calls.contains { $0.sawPassword })
  }

  @Test("something copied after the code is left on the clipboard")
  func leavesOtherText() throws {
    try copy()
    #expect(clipboard.contents == "755224")
    try clipboard.copyElsewhere("copied since")
    let reader = try clearer()
    #expect(waitUntil(deadline: 5) { !ProcessEnd.isRunning(reader.caller) })
    #expect(clipboard.calls.map(\.action) == ["copy", "paste"])
    #expect(clipboard.contents == "copied since")
  }
}
