import Agent
import Domain
import OTP
import Testing

/// The agent answering requests in this process (`InProcessAgent`): the same server a socket
/// serves, over in-memory vault files and a clock the test moves.
@Suite("agent server in process")
struct AgentServerTests {
  /// RFC 6238 Appendix B's SHA-1 account: at Unix time 59 its 8-digit code is 94287082.
  static let rfcAccount = NewAccount(
    issuer: "RFC", name: "6238",
    otp: try! OTPParameters(type: .totp, secret: Array("12345678901234567890".utf8), digits: 8),
    note: "", favorite: false, groupNames: [])

  @Test("an unlock with the vault's key holds it, and status counts its timeouts down by the agent's clock")
  func unlockAndStatus() throws {
    let agent = InProcessAgent()
    #expect(try agent.unlock(idle: 60, max: 600) == .okWithoutLockedMemory)
    agent.advance(seconds: 10)
    let status = try agent.client.status()
    #expect(status.vaults == [HeldVaultStatus(path: InProcessAgent.vault, idleLeft: 50, maxLeft: 590)])
  }

  @Test(
    "an unlock the agent cannot hold is refused and holds nothing",
    arguments: [
      (key: [UInt8](repeating: 0, count: 32), idle: Int64(60), max: Int64(600), DomainError.wrongPassword),
      (
        key: InProcessAgent.sealed.key, idle: 0, max: 600,
        .invalidField(.password, "timeouts must be 1 s or more")
      ),
      (
        key: InProcessAgent.sealed.key, idle: 60, max: 0,
        .invalidField(.password, "timeouts must be 1 s or more")
      ),
    ])
  func refusedUnlock(key: [UInt8], idle: Int64, max: Int64, error: DomainError) throws {
    let agent = InProcessAgent()
    #expect(try agent.unlock(idle: idle, max: max, key: key) == .failure(error))
    #expect(try agent.client.status().vaults.isEmpty)
    #expect(try agent.send(.load(vault: InProcessAgent.vault)) == .notHeld)
  }

  /// Seconds to wait before each use, and whether the vault is still held at the end.
  static let leases: [(waits: [Int64], held: Bool)] = [
    ([59], true),  // just inside the idle timeout
    ([60], false),  // the idle timeout itself
    ([50, 50, 50], true),  // each use restarts the idle time
    ([50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50], false),  // but never past the max (600 s)
    ([599], false),  // idle ran out long before
  ]

  @Test(
    "the key goes after the idle timeout since the last use, or the max since the unlock", arguments: leases)
  func lease(waits: [Int64], held: Bool) throws {
    let agent = InProcessAgent()
    _ = try agent.unlock(idle: 60, max: 600)
    var answer = AgentResponse.ok
    for wait in waits {
      agent.advance(seconds: wait)
      answer = try agent.send(.load(vault: InProcessAgent.vault))
    }
    #expect((answer != .notHeld) == held)
    #expect(try agent.client.status().vaults.count == (held ? 1 : 0))
  }

  @Test("status reads the seconds left and never extends them")
  func statusDoesNotExtend() throws {
    let agent = InProcessAgent()
    _ = try agent.unlock(idle: 60, max: 600)
    for _ in 0..<5 {
      agent.advance(seconds: 11)
      _ = try agent.client.status()
    }
    #expect(
      try agent.client.status().vaults == [
        HeldVaultStatus(path: InProcessAgent.vault, idleLeft: 5, maxLeft: 545)
      ])
    agent.advance(seconds: 5)
    #expect(try agent.client.status().vaults.isEmpty)
  }

  @Test("lock forgets the vault it names, or every vault", arguments: [InProcessAgent.vault, nil])
  func lock(vault: String?) throws {
    let agent = InProcessAgent()
    _ = try agent.unlock()
    #expect(try agent.send(.lock(vault: vault)) == .ok)
    #expect(try agent.send(.load(vault: InProcessAgent.vault)) == .notHeld)
    #expect(try agent.client.status().vaults.isEmpty)
  }

  @Test("a change through the agent is saved in the vault file, and what comes back withholds the secret")
  func changeThroughTheAgent() throws {
    let agent = InProcessAgent()
    _ = try agent.unlock()
    let before = agent.files.bytes(at: InProcessAgent.vault)
    let repository = agent.repository()
    let added = try AddAccount(repository: repository, ids: .counting("client"))(Self.rfcAccount)
    #expect(repository.usesAgent)
    #expect(added.otp.isWithheld && added.issuer == "RFC")
    #expect(agent.files.bytes(at: InProcessAgent.vault) != before)
    let listed = try repository.load().accounts
    #expect(listed.map(\.id) == [added.id] && listed.allSatisfy(\.otp.isWithheld))
    let code = try repository.code(matching: AccountQuery("RFC"), at: 59, next: false)
    #expect(code.code == "94287082" && code.account.id == added.id)
    #expect(try repository.codes(of: listed, at: 59, next: false).map(\.code) == ["94287082"])
    #expect(try repository.accounts(matching: AccountQuery("6238")).map(\.id) == [added.id])
  }

  @Test(
    "accounts asked for by id come back with their codes in one request, in the order asked, unknown ids left out"
  )
  func codesByID() throws {
    let agent = InProcessAgent()
    _ = try agent.unlock()
    let repository = agent.repository()
    let first = try AddAccount(repository: repository, ids: .counting("one"))(Self.rfcAccount)
    var other = Self.rfcAccount
    other.issuer = "Other"
    let second = try AddAccount(repository: repository, ids: .counting("two"))(other)
    let gone = Account.ID("00000000-0000-4000-8000-00000000dead")
    guard
      case .accountCodes(let values) = try agent.send(
        .accountCodes(vault: InProcessAgent.vault, ids: [second.id, gone, first.id], at: 59, next: false))
    else {
      Issue.record("not account codes")
      return
    }
    #expect(values.map(\.account.id) == [second.id, first.id])
    #expect(values.allSatisfy { $0.account.otp.isWithheld && $0.value.code == "94287082" })
    let codes = try repository.codes(ofIDs: [gone, first.id], at: 59, next: false)
    #expect(codes.map(\.account.id) == [first.id] && codes.map(\.code) == ["94287082"])
  }

  @Test("a vault file changed by another writer is read again; one left alone is not")
  func otherWriter() throws {
    let agent = InProcessAgent()
    _ = try agent.unlock()
    let repository = agent.repository()
    #expect(try repository.load().accounts.isEmpty)
    let reads = agent.files.readCount(InProcessAgent.vault)
    _ = try repository.load()
    _ = try repository.load()
    #expect(agent.files.readCount(InProcessAgent.vault) == reads)
    let writer = InProcessAgent()
    _ = try writer.unlock()
    _ = try AddAccount(repository: writer.repository(), ids: .counting("w"))(Self.rfcAccount)
    agent.files.write(writer.files.bytes(at: InProcessAgent.vault)!, at: InProcessAgent.vault)
    #expect(try repository.load().accounts.map(\.issuer) == ["RFC"])
  }

  @Test("a held vault whose file is gone answers that the vault is missing")
  func missingFile() throws {
    let agent = InProcessAgent()
    _ = try agent.unlock()
    agent.files.remove(InProcessAgent.vault)
    #expect(try agent.send(.load(vault: InProcessAgent.vault)) == .failure(.vaultMissing))
  }

  @Test("a request of another version is answered with the agent's version; a damaged one as malformed")
  func unreadableRequests() throws {
    let client = InProcessAgent().client
    #expect(throws: AgentClient.Failure.otherVersion(AgentProtocol.version)) {
      try client.exchange(AgentRequest.status.encoded(version: AgentProtocol.version + 1))
    }
    #expect(try client.exchange([0, UInt8(AgentProtocol.version), 99]) == .malformed("an unknown request"))
  }
}
