import Agent
import Crypto
import Data
import Domain
import OTP
import Testing

/// The agent's answers in process, as a table: the state the handler is in, a request, and the
/// response it gives (no socket, no thread, the clock the test's).
@Suite("agent request handler")
struct AgentRequestHandlerTests {
  /// What the handler holds before the request.
  enum Given: String, Sendable {
    case nothing, held, heldWithAccount
  }

  struct Row: Sendable, CustomTestStringConvertible {
    let name: String
    let given: Given
    let request: @Sendable (Account.ID) -> AgentRequest
    let expected: @Sendable (Account.ID) -> AgentResponse
    var testDescription: String { name }

    init(
      _ name: String, _ given: Given, _ request: @escaping @Sendable (Account.ID) -> AgentRequest,
      _ expected: @escaping @Sendable (Account.ID) -> AgentResponse
    ) {
      self.name = name
      self.given = given
      self.request = request
      self.expected = expected
    }
  }

  static let vault = InProcessAgent.vault
  static let gone = Account.ID("00000000-0000-4000-8000-00000000dead")
  static let rfc = NewAccount(
    issuer: "RFC", name: "6238",
    otp: try! OTPParameters(type: .totp, secret: Array("12345678901234567890".utf8), digits: 8),
    note: "", favorite: false, groupNames: [])

  static let rows: [Row] = [
    Row("a vault not held is answered as such", .nothing, { _ in .load(vault: vault) }, { _ in .notHeld }),
    Row(
      "codes of a vault not held: not held", .nothing,
      { .codes(vault: vault, ids: [$0], at: 59, next: false) }, { _ in .notHeld }),
    Row(
      "timeouts under a second are refused", .nothing,
      { _ in
        var key = InProcessAgent.sealed.key
        return .unlock(vault: vault, key: SecretBytes(wiping: &key), slot: 0, idle: 0, max: 10)
      },
      { _ in .failure(.invalidField(.password, "timeouts must be 1 s or more")) }),
    Row(
      "a key that does not open the vault is a wrong password", .nothing,
      { _ in
        var key = [UInt8](repeating: 7, count: 32)
        return .unlock(vault: vault, key: SecretBytes(wiping: &key), slot: 0, idle: 10, max: 10)
      },
      { _ in .failure(.wrongPassword) }),
    Row("lock all", .held, { _ in .lock(vault: nil) }, { _ in .ok }),
    Row(
      "an empty held vault matches nothing", .held, { _ in .matching(vault: vault, query: "x") },
      { _ in .accounts([]) }),
    Row(
      "codes of an unknown id: not found", .heldWithAccount,
      { _ in .codes(vault: vault, ids: [gone], at: 59, next: false) },
      { _ in .failure(.notFound(gone.rawValue)) }),
    Row(
      "account codes leave unknown ids out", .heldWithAccount,
      { _ in .accountCodes(vault: vault, ids: [gone], at: 59, next: false) }, { _ in .accountCodes([]) }),
    Row(
      "a code by query, its account withheld", .heldWithAccount,
      { _ in .code(vault: vault, query: "RFC", at: 59, next: false) },
      { id in
        let otp = try! OTPParameters.withheld(
          type: .totp, algorithm: .sha1, digits: 8, period: 30, counter: 0, hasPIN: false)
        return .accountCode(
          Account(id: id, issuer: "RFC", name: "6238", otp: otp),
          CodeValue(code: "94287082", nextCode: nil, remaining: 1, problem: nil))
      }),
    Row(
      "a query that selects nothing: not found", .heldWithAccount,
      { _ in .code(vault: vault, query: "nothing here", at: 59, next: false) },
      { _ in .failure(.notFound("nothing here")) }),
  ]

  @Test("each request in each state gives its response", arguments: rows)
  func answers(_ row: Row) throws {
    let agent = InProcessAgent()
    var id = Self.gone
    if row.given != .nothing { _ = try agent.unlock() }
    if row.given == .heldWithAccount {
      id = try AddAccount(repository: agent.repository(), ids: .counting("client"))(Self.rfc).id
    }
    #expect(agent.server.answer(row.request(id)).response == row.expected(id))
  }

  @Test("status counts the held vault's timeouts down by the handler's clock; an expired one is dropped")
  func status() throws {
    let agent = InProcessAgent()
    _ = try agent.unlock(idle: 60, max: 600)
    agent.advance(seconds: 10)
    guard case .status(let held, _) = agent.server.answer(.status).response else {
      Issue.record("not a status")
      return
    }
    #expect(held == [HeldVaultStatus(path: Self.vault, idleLeft: 50, maxLeft: 590)])
    agent.advance(seconds: 60)
    #expect(agent.server.answer(.load(vault: Self.vault)).response == .notHeld)
  }
}
