import Agent
import Domain
import Infrastructure
import Synchronization
import Testing

/// Which way `AgentVaultRepository` goes for each thing the agent's line can do: the agent,
/// the vault file (here an in-memory repository), or an error; over a transport that answers
/// as scripted.
@Suite("agent vault repository routing")
struct AgentVaultRepositoryTests {
  /// What the scripted agent does with every request.
  enum Agent: Sendable, CustomTestStringConvertible {
    case answers(AgentResponse)
    case fails(AgentClient.Failure)

    var testDescription: String {
      switch self {
      case .answers(let response): "answers \(response)"
      case .fails(let failure): "fails \(failure)"
      }
    }
  }

  /// Where an operation's result came from.
  enum Outcome: Equatable, Sendable {
    case agent
    case direct(warned: Bool)
    case error(DomainError)
  }

  static let agentContents = VaultContents(groups: [
    AccountGroup(id: AccountGroup.ID("from-agent"), name: "A")
  ])
  static let directContents = VaultContents(groups: [AccountGroup(id: AccountGroup.ID("direct"), name: "D")])
  static let unexpected = DomainError.storage("the agent gave an unexpected answer")

  /// The agent's behaviour, where the load's result comes from, and whether the repository
  /// then counts as using the agent (it does once the agent answered for the vault).
  static let loads: [(Agent, Outcome, usesAgent: Bool)] = [
    (.answers(.contents(agentContents)), .agent, true),
    (.answers(.notHeld), .direct(warned: false), false),
    (.fails(.notRunning), .direct(warned: false), false),
    (.fails(.otherVersion(9)), .direct(warned: false), false),
    (.fails(.tooLarge), .direct(warned: false), false),
    (.fails(.refused("not yours")), .direct(warned: true), false),
    (.fails(.failed("unreadable")), .direct(warned: true), false),
    (.fails(.interrupted("it stopped")), .direct(warned: true), false),
    (.answers(.failure(.vaultCorrupted("x"))), .error(.vaultCorrupted("x")), true),
    (.answers(.malformed("m")), .error(.storage("the agent could not read the request: m")), false),
    (.answers(.ok), .error(unexpected), true),
  ]

  @Test("load goes where the agent's answer sends it", arguments: loads)
  func load(agent: Agent, expected: Outcome, usesAgent: Bool) {
    let (repository, _, record) = Self.repository(agent)
    let outcome: Outcome
    do {
      let contents = try repository.load()
      outcome = contents == Self.agentContents ? .agent : .direct(warned: record.warned)
    } catch {
      outcome = .error(error)
    }
    #expect(outcome == expected)
    #expect(repository.usesAgent == usesAgent)
    if case .direct = expected { #expect(record.opened.load(ordering: .relaxed) == 1) }
  }

  static let changes: [(Agent, Outcome)] = [
    (.answers(.outcome(.favorite(true))), .agent),
    (.answers(.notHeld), .direct(warned: false)),
    (.fails(.notRunning), .direct(warned: false)),
    (
      .fails(.interrupted("it stopped")),
      .error(.storage("it stopped; run 'twofold list' to see whether the change was made"))
    ),
    (.answers(.contents(agentContents)), .error(unexpected)),
  ]

  @Test("a change is made once: in the agent, or here when the agent did not take it", arguments: changes)
  func perform(agent: Agent, expected: Outcome) throws {
    let (repository, direct, _) = Self.repository(agent)
    let outcome: Outcome
    do {
      let answer = try repository.perform(.createGroup("New"), ids: .counting("g"))
      outcome = answer == .favorite(true) ? .agent : .direct(warned: false)
    } catch {
      outcome = .error(error)
    }
    #expect(outcome == expected)
    let madeHere = try direct.load().groups.contains { $0.name == "New" }
    #expect(madeHere == (expected == .direct(warned: false)))
  }

  @Test("once the vault is used directly, the agent is not asked again")
  func directStaysDirect() throws {
    let (repository, _, record) = Self.repository(.answers(.notHeld))
    _ = try repository.load()
    _ = try repository.load()
    _ = try repository.accounts(matching: AccountQuery("x"))
    #expect(record.asked.load(ordering: .relaxed) == 1)
  }

  /// What a repository under test did besides answering: its warnings, how often it said it
  /// had opened the vault directly, how often the agent was asked.
  final class Record: Sendable {
    let warnings = Mutex<[String]>([])
    let opened = Atomic<Int>(0)
    let asked = Atomic<Int>(0)
    var warned: Bool { !warnings.withLock { $0 }.isEmpty }
  }

  /// A repository whose agent behaves as `agent`, the direct repository it falls back to, and
  /// its record.
  static func repository(
    _ agent: Agent
  ) -> (repository: AgentVaultRepository, direct: InMemoryVaultRepository, record: Record) {
    let record = Record()
    let client = AgentClient(
      folder: RuntimeFolder(variables: [:]),
      transport: AgentTransport { (_) throws(AgentClient.Failure) in
        record.asked.add(1, ordering: .relaxed)
        switch agent {
        case .answers(let response): return response.encoded()
        case .fails(let failure): throw failure
        }
      })
    let direct = InMemoryVaultRepository(directContents)
    let repository = AgentVaultRepository(
      vault: "/v", client: client, direct: direct, opened: { record.opened.add(1, ordering: .relaxed) },
      warn: { line in record.warnings.withLock { $0.append(line) } })
    return (repository, direct, record)
  }
}
