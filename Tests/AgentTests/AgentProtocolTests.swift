import Agent
import Testing

@Suite("agent protocol")
struct AgentProtocolTests {
  @Test("the protocol starts at version 1")
  func versionIsOne() {
    #expect(AgentProtocol.version == 1)
  }
}
