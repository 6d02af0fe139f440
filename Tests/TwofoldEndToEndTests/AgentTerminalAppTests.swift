import Foundation
import TestSupport
import Testing

/// The full-screen app with the agent: it opens without asking while the agent holds the key,
/// and a password typed on its unlock screen goes to the agent.
@Suite(
  "Agent and the full-screen app", .serialized, .requires(.tmux))
struct AgentTerminalAppTests {
  @Test("the app opens on the list with live codes when the agent holds the key")
  func opensWithoutAsking() throws {
    let session = try AgentSession()
    try session.makeVault()
    #expect(try session.direct(["unlock"]).status == 0)
    let app = try TmuxSession([], environment: session.environment)
    let screen = try app.waitFor("Mason")
    #expect(!screen.contains("password"))
    let code = try session.run(["code", "Deno"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let grouped = String(code.prefix(3)) + " " + String(code.suffix(3))
    _ = try app.waitFor(grouped)
    try app.press("q")
    try app.waitUntilExited()
  }

  @Test("a password typed on the unlock screen reaches the agent")
  func typedPasswordReachesTheAgent() throws {
    let session = try AgentSession()
    try session.makeVault()
    let app = try TmuxSession([], environment: session.environment)
    _ = try app.waitFor("assword")
    try app.type(AgentSession.password)
    try app.press("Enter")
    _ = try app.waitFor("Mason")
    try app.press("q")
    try app.waitUntilExited()
    #expect(try session.heldVaults() == [session.vault])
    #expect(try session.run(["code", "RFC:hotp"]).stdout == "755224\n")
  }
}
