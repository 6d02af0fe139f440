import Agent
import Domain
import OTP
import Testing

/// The desktop draws icons and saves a chosen one while the agent holds the vault (issue 22).
@Suite("icons through the agent")
struct AgentIconTests {
  static let account = NewAccount(
    issuer: "GitHub", name: "octocat",
    otp: try! OTPParameters(type: .totp, secret: Array("12345678901234567890".utf8)))
  static let icon = try! AccountIcon(format: .svg, bytes: Array(#"<svg viewBox="0 0 1 1"/>"#.utf8))

  @Test("an icon set through the agent is saved in the vault file and listed with the withheld account")
  func setThroughTheAgent() throws {
    let agent = InProcessAgent()
    _ = try agent.unlock()
    let repository = agent.repository()
    let added = try AddAccount(repository: repository, ids: .counting("client"))(Self.account)
    let saved = try repository.perform(.setIcon(added.id, Self.icon), ids: .counting("client")).account()
    #expect(saved.otp.isWithheld && saved.icon == Self.icon)
    let listed = try #require(try repository.load().accounts.first)
    #expect(listed.otp.isWithheld)
    #expect(listed.icon == Self.icon)
    #expect(listed.preserved.isEmpty)
    _ = try repository.perform(.setIcon(added.id, nil), ids: .counting("client"))
    #expect(try repository.load().accounts.first?.icon == nil)
    #expect(try repository.load().accounts.first?.preserved == [])
  }
}
