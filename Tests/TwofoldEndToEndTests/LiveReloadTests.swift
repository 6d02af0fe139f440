import Foundation
import TestSupport
import Testing

/// The full-screen app follows the vault file: what another process writes shows within 2 s,
/// without a key press, and the search and the selection stay.
@Suite("Live reload", .requires(.tmux))
struct LiveReloadTests {
  @Test("an account added and one removed by another process show within 2 s, search kept")
  func otherProcessWrites() throws {
    let folder = try TemporaryDirectory()
    let environment = ["TWOFOLD_VAULT": folder.path("vault.json"), "TWOFOLD_PASSWORD": "correct horse"]
    func cli(_ arguments: [String]) throws -> TwofoldProcess.Output {
      try TwofoldProcess.run(arguments, environment: environment)
    }
    #expect(try cli(["init"]).status == 0)
    #expect(
      try cli(["add", "--issuer", "GitHub", "--name", "alice", "--secret", "GEZDGNBVGY3TQOJQ"]).status == 0)
    #expect(
      try cli(["add", "--issuer", "Gitea", "--name", "bob", "--secret", "JBSWY3DPEHPK3PXP"]).status == 0)
    #expect(
      try cli(["add", "--issuer", "Deno", "--name", "carol", "--secret", "MFRGGZDFMZTWQ2LK"]).status == 0)
    let app = try TmuxSession([], environment: environment.merging(["HOME": folder.url.path]) { $1 })
    try app.waitFor("the list") { $0.contains("GitHub") && $0.contains("Deno") }
    try app.press("/")
    try app.type("git")
    try app.press("Enter")
    try app.press("j")
    try app.waitFor("the search") { $0.contains("search: git") && !$0.contains("Deno") }

    #expect(
      try cli(["add", "--issuer", "Gitlab", "--name", "dave", "--secret", "ONSWG4TFOQYTEMZU"]).status == 0)
    let start = Date()
    try app.waitFor("the new account, without a key press", timeout: 2.5) { $0.contains("Gitlab") }
    #expect(Date().timeIntervalSince(start) < 2.5)
    let screen = try app.screen()
    #expect(screen.contains("search: git") && !screen.contains("Deno"), "the search stays")
    // Gitea, GitHub, Gitlab: the second row (GitHub) was selected before the reload and still is.
    try app.press("i")
    try app.waitFor("the details of the selection") { $0.contains("Twofold · GitHub:alice") }
    try app.press("Escape")

    #expect(try cli(["remove", "Gitea", "--yes"]).status == 0)
    try app.waitFor("the removed account to go", timeout: 2.5) {
      !$0.contains("Gitea") && $0.contains("Gitlab")
    }
    try app.press("q")
    try app.waitUntilExited()
  }

  @Test("a Syncthing conflict copy beside the vault is announced, and merged by twofold sync it goes")
  func conflictCopyWaiting() throws {
    let folder = try TemporaryDirectory()
    let vault = folder.path("vault.json")
    let environment = [
      "TWOFOLD_VAULT": vault, "TWOFOLD_PASSWORD": "correct horse", "XDG_STATE_HOME": folder.path("state"),
    ]
    func cli(_ arguments: [String], vault: String = vault) throws -> TwofoldProcess.Output {
      try TwofoldProcess.run(arguments + ["--vault", vault], environment: environment)
    }
    #expect(try cli(["init"]).status == 0)
    #expect(try cli(["add", "--issuer", "GitHub", "--secret", "GEZDGNBVGY3TQOJQ"]).status == 0)
    // The other device's version: the same vault with one more account, left as a conflict copy.
    let other = folder.path("other.json")
    try FileManager.default.copyItem(atPath: vault, toPath: other)
    #expect(try cli(["add", "--issuer", "Deno", "--secret", "MFRGGZDFMZTWQ2LK"], vault: other).status == 0)
    let app = try TmuxSession([], environment: environment.merging(["HOME": folder.url.path]) { $1 })
    try app.waitFor("the list") { $0.contains("GitHub") }
    #expect(try !app.screen().contains("conflict cop"))

    try FileManager.default.moveItem(
      atPath: other, toPath: folder.path("vault.sync-conflict-20261203-101500-BBBBBBB.json"))
    try app.waitFor("the notice, without a key press", timeout: 2.5) {
      $0.contains("1 conflict copy of this vault: run 'twofold sync'")
    }
    let synced = try cli(["sync"])
    #expect(synced.status == 0, "\(synced.stderr)")
    try app.waitFor("the merged account, and the notice gone", timeout: 2.5) {
      $0.contains("Deno") && !$0.contains("conflict cop")
    }
    try app.press("q")
    try app.waitUntilExited()
  }
}
