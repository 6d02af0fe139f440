import Crypto
import Data
import Domain
import Infrastructure
import Synchronization

/// The agent's answers: holds vault keys for a while and answers each request with an
/// `AgentResponse`, never a secret, running every change through the vault file's repository
/// (the same lock, backup and durable save as a direct command). The socket (`AgentServer`)
/// and a transport in the same process call `respond(to:)`; tests call `answer(_:)`.
public final class AgentRequestHandler: Sendable {
  /// What the handler needs from outside; built by the composition root.
  public struct Dependencies: Sendable {
    /// Milliseconds of a clock that counts suspend, for the keys' timeouts.
    public var leaseClock: @Sendable () -> Int64
    /// The repository of the vault file at a path, opened with a master key and its slot.
    public var openVault: @Sendable (_ path: String, _ key: SecretBytes, _ slot: Int?) -> AegisVaultRepository
    /// Fresh identifiers for accounts and groups.
    public var ids: IdentifierSource
    /// Whether key material is in locked memory.
    public var lockedMemory: LockedMemory.State
    /// Lines for the agent's log (standard error under systemd); never a secret.
    public var log: @Sendable (String) -> Void
    /// The identity of the vault file at a path now (nil: none), which says when a held vault's
    /// decrypted contents are out of date.
    public var identity: @Sendable (String) -> FileIdentity?
    /// The syncs.
    public var syncs: AgentSyncService

    /// Collects the dependencies.
    public init(
      leaseClock: @escaping @Sendable () -> Int64,
      openVault:
        @escaping @Sendable (_ path: String, _ key: SecretBytes, _ slot: Int?) -> AegisVaultRepository,
      ids: IdentifierSource, lockedMemory: LockedMemory.State, log: @escaping @Sendable (String) -> Void,
      identity: @escaping @Sendable (String) -> FileIdentity?, syncs: AgentSyncService
    ) {
      self.leaseClock = leaseClock
      self.openVault = openVault
      self.ids = ids
      self.lockedMemory = lockedMemory
      self.log = log
      self.identity = identity
      self.syncs = syncs
    }
  }

  /// What a request is answered with: a response, or the `load` answer, encoded once per
  /// version of the vault file.
  public enum Answer: Sendable {
    case response(AgentResponse)
    case encoded([UInt8])

    /// The message bytes.
    public var bytes: [UInt8] {
      switch self {
      case .response(let response): response.encoded()
      case .encoded(let bytes): bytes
      }
    }

    /// The response (an encoded one read back).
    public var response: AgentResponse {
      switch self {
      case .response(let response): response
      case .encoded(let bytes):
        (try? AgentResponse.decode(bytes)) ?? .malformed("an answer that does not read")
      }
    }
  }

  let dependencies: Dependencies
  private let vaults = Mutex<[String: HeldVault]>([:])
  private let stopping = Atomic<Bool>(false)

  /// A handler holding no vault yet.
  public init(dependencies: Dependencies) {
    self.dependencies = dependencies
  }

  /// Whether a client of another protocol version asked: the agent stops after answering it.
  public var isStopping: Bool { stopping.load(ordering: .relaxed) }

  /// The encoded answer to one request frame, which is wiped once read (it may hold a key).
  public func respond(to frame: inout [UInt8]) -> [UInt8] {
    let decoded = Result { () throws(AgentProtocolError) in try AgentRequest.decode(frame) }
    wipe(&frame)
    switch decoded {
    case .failure(.otherVersion(let version)):
      dependencies.log(
        "a client speaks protocol \(version); this agent speaks \(AgentProtocol.version) and stops")
      stopping.store(true, ordering: .relaxed)
      return AgentResponse.versionMismatch(AgentProtocol.version).encoded()
    case .failure(.malformed(let reason)):
      return AgentResponse.malformed(reason).encoded()
    case .success(let request):
      return answer(request).bytes
    }
  }

  /// The answer to `request`.
  public func answer(_ request: AgentRequest) -> Answer {
    let now = dependencies.leaseClock()
    switch request {
    case .status:
      dropExpired(at: now)
      let held = vaults.withLock { Array($0.values) }.map { $0.status(at: now) }.sorted { $0.path < $1.path }
      return .response(.status(held, pid: AgentProcess.pid))
    case .unlock(let vault, let key, let slot, let idle, let max):
      return .response(unlock(vault, key: key, slot: slot, idle: idle, max: max, at: now))
    case .lock(let vault):
      letGo(where: { path, _ in vault == nil || path == vault })
      return .response(.ok)
    case .load(let vault):
      return using(vault, at: now) { (held) throws(DomainError) in .encoded(try held.withheldAnswer()) }
    case .matching(let vault, let query):
      return using(vault, at: now) { (held) throws(DomainError) in
        .response(.accounts(try held.indexed().index.matches(AccountQuery(query))))
      }
    case .codes(let vault, let ids, let time, let next):
      return using(vault, at: now) { (held) throws(DomainError) in
        .response(.codes(try Self.codes(of: ids, in: held, time: time, next: next)))
      }
    case .code(let vault, let text, let time, let next):
      return using(vault, at: now) { (held) throws(DomainError) in
        let indexed = try held.indexed()
        let account = try AccountQuery(text).select(among: indexed.index.matches(AccountQuery(text)))
        guard let position = indexed.index.position(of: account.id) else { throw .notFound(text) }
        return .response(.accountCode(account, held.code(at: position, of: indexed, time: time, next: next)))
      }
    case .accountCodes(let vault, let ids, let time, let next):
      return using(vault, at: now) { (held) throws(DomainError) in
        .response(.accountCodes(try Self.accountCodes(of: ids, in: held, time: time, next: next)))
      }
    case .perform(let vault, let change):
      return using(vault, at: now) { (held) throws(DomainError) in
        defer { held.invalidate() }
        return .response(.outcome(try held.repository.perform(change, ids: dependencies.ids)))
      }
    case .sync(let vault, let sources, let ownCopies, let dryRun, let password):
      return using(vault, at: now) { (held) throws(DomainError) in
        defer { held.invalidate() }
        return .response(
          try dependencies.syncs.sync(
            held, sources: sources, ownCopies: ownCopies, dryRun: dryRun, password: password))
      }
    }
  }

  /// The codes of `ids`, in that order; an unknown id is not found.
  private static func codes(
    of ids: [Account.ID], in held: HeldVault, time: Int64, next: Bool
  ) throws(DomainError) -> [CodeValue] {
    let indexed = try held.indexed()
    var values: [CodeValue] = []
    values.reserveCapacity(ids.count)
    for id in ids {
      guard let position = indexed.index.position(of: id) else { throw .notFound(id.rawValue) }
      values.append(held.code(at: position, of: indexed, time: time, next: next))
    }
    return values
  }

  /// The accounts of `ids` with their codes, in that order; unknown ids are left out.
  private static func accountCodes(
    of ids: [Account.ID], in held: HeldVault, time: Int64, next: Bool
  ) throws(DomainError) -> [AccountCodeValue] {
    let indexed = try held.indexed()
    var values: [AccountCodeValue] = []
    values.reserveCapacity(ids.count)
    for id in ids {
      guard let position = indexed.index.position(of: id) else { continue }
      values.append(
        AccountCodeValue(
          account: indexed.index.accounts[position],
          value: held.code(at: position, of: indexed, time: time, next: next)))
    }
    return values
  }

  private func unlock(
    _ vault: String, key: SecretBytes, slot: Int?, idle: Int64, max: Int64, at now: Int64
  ) -> AgentResponse {
    guard idle >= 1, max >= 1 else {
      return .failure(.invalidField(.password, "timeouts must be 1 s or more"))
    }
    let held = HeldVault(
      path: vault, repository: dependencies.openVault(vault, key, slot),
      lease: KeyLease(at: now, idle: idle, max: max), identity: dependencies.identity)
    do throws(DomainError) {
      _ = try held.contents()
    } catch .passwordRequired {
      return .failure(.wrongPassword)
    } catch {
      return .failure(error)
    }
    vaults.withLock { $0[vault] = held }
    dependencies.syncs.watch(held, while: { [self] in vaults.withLock { $0[held.path] === held } })
    let locked = dependencies.lockedMemory == .locked && LockedMemory.holds(key)
    return locked ? .ok : .okWithoutLockedMemory
  }

  /// Runs `body` on a held vault, resetting its idle time; a vault whose key no longer opens
  /// its file (a new password) is dropped and answered as not held.
  private func using(
    _ vault: String, at now: Int64, _ body: (HeldVault) throws(DomainError) -> Answer
  ) -> Answer {
    guard let held = vaults.withLock({ $0[vault] }), held.use(at: now) else {
      dropExpired(at: now)
      return .response(.notHeld)
    }
    do throws(DomainError) {
      return try body(held)
    } catch .passwordRequired {
      letGo(where: { _, candidate in candidate === held })
      dependencies.log("the key slots of \(vault) changed: locked it")
      return .response(.notHeld)
    } catch {
      return .response(.failure(error))
    }
  }

  /// Drops every vault whose lease ran out, wiping its key once nothing uses it.
  public func dropExpired(at now: Int64) {
    letGo(where: { _, vault in vault.isExpired(at: now) })
  }

  /// Drops every vault now.
  func dropAll() { letGo(where: { _, _ in true }) }

  /// Drops the held vaults `isDropped` picks and their cached contents at once, so the
  /// secrets are wiped as soon as no request still reads them (a sync watch may keep a vault
  /// itself a little longer), and the key once nothing uses it.
  private func letGo(where isDropped: (String, HeldVault) -> Bool) {
    let dropped = vaults.withLock { held in
      let dropped = held.filter { isDropped($0.key, $0.value) }
      for path in dropped.keys { held[path] = nil }
      return dropped.values
    }
    for vault in dropped { vault.invalidate() }
  }
}
