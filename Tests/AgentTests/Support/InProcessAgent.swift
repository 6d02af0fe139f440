import Agent
import Crypto
import Data
import Domain
import Infrastructure
import Synchronization

/// An agent served in this process: the server over in-memory vault files, a client wired to
/// it without a socket, and a clock the test moves. Nothing waits and nothing races.
final class InProcessAgent: Sendable {
  /// The vault every test holds: one encrypted vault, made once (scrypt runs once per run).
  static let vault = "/vaults/v.json"

  /// The encrypted empty vault's bytes and its master key.
  static let sealed: (bytes: [UInt8], key: [UInt8]) = {
    let files = MemoryVaultFiles()
    try! AegisVaultRepository.create(
      storage: files.storage(vault), password: Array("pw".utf8), random: .secure, ids: .counting("slot"))
    let opened = AegisVaultRepository(
      storage: files.storage(vault), password: { Array("pw".utf8) }, random: .secure, ids: .counting())
    _ = try! opened.load()
    let key = opened.heldKey()!.key.withUnsafeBytes { Array($0) }
    return (files.bytes(at: vault)!, key)
  }()

  /// The vault files the agent reads and writes.
  let files = MemoryVaultFiles()
  /// The agent's clock.
  let clock = ManualClock()
  /// The agent's request handler.
  let server: AgentRequestHandler

  /// An agent with the sealed vault at `vault`, not yet holding it.
  init() {
    files.write(Self.sealed.bytes, at: Self.vault)
    let files = files
    let clock = clock
    let ids = IdentifierSource.counting("agent")
    server = AgentRequestHandler(
      dependencies: AgentRequestHandler.Dependencies(
        leaseClock: { clock.milliseconds.withLock { $0 } },
        openVault: { path, key, slot in
          AegisVaultRepository(
            storage: files.storage(path), masterKey: key, slotIndex: slot, random: .secure, ids: ids)
        },
        ids: ids, lockedMemory: .unavailable, log: { _ in }, identity: files.identity,
        syncs: AgentSyncService(
          stateRoot: nil, ids: ids, random: .secure, clock: { 1_700_000_000 }, log: { _ in })))
  }

  /// A client whose transport calls the server directly.
  var client: AgentClient {
    let server = server
    return AgentClient(
      folder: RuntimeFolder(variables: ["XDG_RUNTIME_DIR": "/nonexistent-run"]),
      transport: AgentTransport { message in
        var frame = message
        return server.respond(to: &frame)
      })
  }

  /// Moves the clock on by `seconds`.
  func advance(seconds: Int64) { clock.milliseconds.withLock { $0 += seconds * 1000 } }

  /// Sends `request` and returns the answer.
  func send(_ request: AgentRequest) throws -> AgentResponse { try client.send(request) }

  /// Hands the agent the vault's key with the given timeouts (seconds).
  func unlock(idle: Int64 = 60, max: Int64 = 600, key: [UInt8] = sealed.key) throws -> AgentResponse {
    var bytes = key
    return try send(
      .unlock(vault: Self.vault, key: SecretBytes(wiping: &bytes), slot: 0, idle: idle, max: max))
  }

  /// The vault through the agent, falling back to a repository that must not be used.
  func repository(direct: any VaultRepository = UnusedRepository()) -> AgentVaultRepository {
    AgentVaultRepository(vault: Self.vault, client: client, direct: direct)
  }
}

/// A direct repository a test expects never to be used: every call fails.
struct UnusedRepository: VaultRepository {
  static let refusal = DomainError.storage("the direct repository was used")

  func load() throws(DomainError) -> VaultContents { throw Self.refusal }

  func update<Result>(_ change: (inout VaultContents) throws(DomainError) -> Result) throws(DomainError)
    -> Result
  {
    throw Self.refusal
  }
}

/// A clock that moves only when a test moves it.
final class ManualClock: Sendable {
  /// The time, in milliseconds.
  let milliseconds = Mutex<Int64>(1_000_000)
}
