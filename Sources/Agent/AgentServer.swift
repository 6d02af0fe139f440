import Crypto
import Data
import Domain
import Infrastructure
import Synchronization

/// The unlock agent: holds vault keys for a while and serves the vault operations of commands
/// over its socket, each connection on a thread of its own. It only answers processes of its own
/// user, never sends a secret, and runs every change through the vault file's repository (the
/// same lock, backup and durable save as a direct command).
public final class AgentServer: Sendable {
  /// What the agent needs from outside; built by the composition root.
  public struct Dependencies: Sendable {
    /// Milliseconds of a clock that counts suspend.
    public var clock: @Sendable () -> Int64
    /// The storage of the vault file at a path.
    public var storage: @Sendable (String) -> any VaultStorage
    /// Randomness for nonces and salts.
    public var random: RandomSource
    /// Fresh identifiers for accounts and groups.
    public var ids: IdentifierSource
    /// Whether key material is in locked memory.
    public var lockedMemory: LockedMemory.State
    /// Lines for the agent's log (standard error under systemd); never a secret.
    public var log: @Sendable (String) -> Void
    /// Unix time in seconds, for the names of backups a sync keeps.
    public var now: @Sendable () -> Int64
    /// Where per-device sync state lives (`StateLocation.root`); nil when nowhere is known.
    public var stateRoot: String?
    /// The identity of the vault file at a path now (nil: none), which says when a held vault's
    /// decrypted contents are out of date.
    public var identity: @Sendable (String) -> FileIdentity?

    /// Collects the dependencies.
    public init(
      clock: @escaping @Sendable () -> Int64, storage: @escaping @Sendable (String) -> any VaultStorage,
      random: RandomSource, ids: IdentifierSource, lockedMemory: LockedMemory.State,
      log: @escaping @Sendable (String) -> Void, now: @escaping @Sendable () -> Int64, stateRoot: String?,
      identity: @escaping @Sendable (String) -> FileIdentity? = FileIdentity.of
    ) {
      self.identity = identity
      self.now = now
      self.stateRoot = stateRoot
      self.clock = clock
      self.storage = storage
      self.random = random
      self.ids = ids
      self.lockedMemory = lockedMemory
      self.log = log
    }
  }

  /// Why the agent cannot run.
  public enum StartFailure: Error, Equatable, Sendable {
    /// Another agent holds the folder's lock.
    case alreadyRunning
    /// The folder or socket cannot be used; the reason is for people.
    case refused(String)
  }

  /// The size of the locked arena the agent asks for (`LockedMemory.start(bytes:)`): room for
  /// the keys and for the secrets and HMAC key schedules of about 13,000 TOTP accounts (a
  /// schedule takes 256 bytes, 512 for SHA-512). What does not fit lives in ordinary memory,
  /// wiped all the same when the vault is let go.
  public static let lockedMemoryBytes = 4 << 20

  /// Connections served at once; more wait in the listen queue.
  static let connectionLimit = 32
  /// A request must arrive whole within this many milliseconds of the previous one.
  static let requestTimeout: Int32 = 5000

  private let folder: RuntimeFolder
  private let dependencies: Dependencies
  private let vaults = Mutex<[String: HeldVault]>([:])
  private let connections = Atomic<Int>(0)
  private let socketIdentity = Mutex<FileIdentity?>(nil)

  /// An agent for `folder`.
  public init(folder: RuntimeFolder, dependencies: Dependencies) {
    self.folder = folder
    self.dependencies = dependencies
  }

  /// Takes the folder, listens, and serves until the process ends. `ready` runs once the
  /// socket accepts connections.
  public func run(ready: () -> Void = {}) throws(StartFailure) -> Never {
    if case .failure(let refusal) = folder.prepare() { throw .refused(refusal.reason) }
    // An agent of another version that was just told to stop may still hold the lock a moment.
    var attempts = 0
    while true {
      switch AgentProcess.takeLock(folder) {
      case .failure(let refusal): throw .refused(refusal.reason)
      case .success(true): break
      case .success(false):
        attempts += 1
        guard attempts < 20 else { throw .alreadyRunning }
        AgentProcess.sleep(milliseconds: 100)
        continue
      }
      break
    }
    guard folder.socket.utf8.count <= UnixSocket.pathLimit else {
      throw .refused(
        "the socket path \(folder.socket) is too long for the system; set a shorter XDG_RUNTIME_DIR")
    }
    AgentProcess.removeStaleSocket(folder.socket)
    let listener: UnixSocket
    do {
      listener = try UnixSocket.listen(at: folder.socket)
    } catch {
      throw .refused(error.reason)
    }
    guard AgentProcess.restrictSocket(folder.socket) else {
      throw .refused("cannot make \(folder.socket) private")
    }
    socketIdentity.withLock { $0 = FileIdentity.of(folder.socket) }
    startExpiryTimer()
    dependencies.log("twofold agent \(AgentProtocol.version) listening on \(folder.socket)")
    ready()
    while true {
      guard let connection = try? listener.accept() else {
        AgentProcess.sleep(milliseconds: 10)
        continue
      }
      guard connections.add(1, ordering: .relaxed).newValue <= Self.connectionLimit else {
        connections.subtract(1, ordering: .relaxed)
        continue
      }
      let started = BackgroundThread.start { [self] in
        serve(connection)
        connections.subtract(1, ordering: .relaxed)
      }
      if !started { connections.subtract(1, ordering: .relaxed) }
    }
  }

  /// Serves one connection: requests in turn until the client closes, a request fails to
  /// arrive in time, or one cannot be read.
  func serve(_ connection: UnixSocket) {
    guard let peer = try? connection.peer(), peer.uid == AgentProcess.uid else {
      dependencies.log("refused a connection from another user")
      return
    }
    connection.setTimeouts(milliseconds: Self.requestTimeout)
    while true {
      var frame: [UInt8]
      do {
        guard let received = try connection.receiveFrame(limit: AgentProtocol.requestLimit) else { return }
        frame = received
      } catch {
        try? connection.send(frame: AgentResponse.malformed(error.reason).encoded())
        return
      }
      let answer = respond(to: &frame)
      try? connection.send(frame: answer)
      if shuttingDown.load(ordering: .relaxed) { shutDown() }
    }
  }

  private let shuttingDown = Atomic<Bool>(false)

  /// The encoded answer to one request frame, which is wiped once read (it may hold a key):
  /// what the socket serves, and what a transport to a server in the same process calls.
  public func respond(to frame: inout [UInt8]) -> [UInt8] {
    let decoded = Result { () throws(AgentProtocolError) in try AgentRequest.decode(frame) }
    wipe(&frame)
    switch decoded {
    case .failure(.otherVersion(let version)):
      dependencies.log(
        "a client speaks protocol \(version); this agent speaks \(AgentProtocol.version) and stops")
      shuttingDown.store(true, ordering: .relaxed)
      return AgentResponse.versionMismatch(AgentProtocol.version).encoded()
    case .failure(.malformed(let reason)):
      return AgentResponse.malformed(reason).encoded()
    case .success(let request):
      return handle(request)
    }
  }

  private func handle(_ request: AgentRequest) -> [UInt8] {
    let now = dependencies.clock()
    switch request {
    case .status:
      dropExpired(at: now)
      let held = vaults.withLock { Array($0.values) }.map { $0.status(at: now) }.sorted { $0.path < $1.path }
      return AgentResponse.status(held, pid: AgentProcess.pid).encoded()
    case .unlock(let vault, let key, let slot, let idle, let max):
      return unlock(vault, key: key, slot: slot, idle: idle, max: max, at: now).encoded()
    case .lock(let vault):
      letGo(where: { path, _ in vault == nil || path == vault })
      return AgentResponse.ok.encoded()
    case .load(let vault):
      return using(vault, at: now) { (held) throws(DomainError) in try held.withheldAnswer() }
    case .matching(let vault, let query):
      return using(vault, at: now) { (held) throws(DomainError) in
        AgentResponse.accounts(try held.indexed().index.matches(AccountQuery(query))).encoded()
      }
    case .codes(let vault, let ids, let time, let next):
      return using(vault, at: now) { (held) throws(DomainError) in
        let indexed = try held.indexed()
        var values: [CodeValue] = []
        values.reserveCapacity(ids.count)
        for id in ids {
          guard let position = indexed.index.position(of: id) else { throw .notFound(id.rawValue) }
          values.append(held.code(at: position, of: indexed, time: time, next: next))
        }
        return AgentResponse.codes(values).encoded()
      }
    case .code(let vault, let text, let time, let next):
      return using(vault, at: now) { (held) throws(DomainError) in
        let indexed = try held.indexed()
        let account = try AccountQuery(text).select(among: indexed.index.matches(AccountQuery(text)))
        guard let position = indexed.index.position(of: account.id) else { throw .notFound(text) }
        return AgentResponse.accountCode(
          account, held.code(at: position, of: indexed, time: time, next: next)
        )
        .encoded()
      }
    case .accountCodes(let vault, let ids, let time, let next):
      return using(vault, at: now) { (held) throws(DomainError) in
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
        return AgentResponse.accountCodes(values).encoded()
      }
    case .perform(let vault, let change):
      return using(vault, at: now) { (held) throws(DomainError) in
        defer { held.invalidate() }
        let outcome = try held.repository.perform(change, ids: dependencies.ids)
        return AgentResponse.outcome(outcome).encoded()
      }
    case .sync(let vault, let sources, let ownCopies, let dryRun, let password):
      return using(vault, at: now) { (held) throws(DomainError) in
        defer { held.invalidate() }
        return try sync(held, sources: sources, ownCopies: ownCopies, dryRun: dryRun, password: password)
          .encoded()
      }
    }
  }

  /// Runs a sync with the held key; a failure of the vault's own key (new slots) unlocks it.
  private func sync(
    _ held: HeldVault, sources: [String], ownCopies: Bool, dryRun: Bool, password: [UInt8]?
  ) throws(DomainError) -> AgentResponse {
    guard let root = dependencies.stateRoot else {
      return .syncFailed(
        source: held.path, .storage("no folder for the sync state: set $XDG_STATE_HOME or $HOME"))
    }
    let runner = SyncRunner(
      vaultPath: held.path, stateFolder: StateLocation.folder(forVault: held.path, root: root),
      repository: held.repository, ids: dependencies.ids, random: dependencies.random, now: dependencies.now)
    // The agent writes the vault's accounts under no key but its own and those its syncs kept:
    // a new source under another key needs the vault's password, which only a sync run by the
    // client itself asks for (answered as a password the agent lacks).
    guard try runner.newSourcesUnderOtherKeys(sources).isEmpty else {
      dependencies.log("\(held.path): a sync with a new source under another key was left to the client")
      throw .passwordRequired
    }
    let passwords = password.map { [Self.passwordSource($0)] } ?? []
    do throws(SyncVault.Failure) {
      return .synced(
        try runner.sync(sources, ownCopies: ownCopies, passwords: passwords, dryRun: dryRun))
    } catch {
      if error.source == held.path, error.error == .passwordRequired { throw .passwordRequired }
      return .syncFailed(source: error.source, error.error)
    }
  }

  /// A source password kept in `SecretBytes` for the length of one sync.
  private static func passwordSource(_ bytes: [UInt8]) -> SyncAccess.Password {
    let kept = SecretBytes(count: bytes.count) { $0.copyBytes(from: bytes) }
    return { () throws(DomainError) -> [UInt8]? in
      let copy: [UInt8] = kept.withUnsafeBytes { buffer in [UInt8](buffer) }
      return copy
    }
  }

  private func unlock(
    _ vault: String, key: SecretBytes, slot: Int?, idle: Int64, max: Int64, at now: Int64
  ) -> AgentResponse {
    guard idle >= 1, max >= 1 else {
      return .failure(.invalidField(.password, "timeouts must be 1 s or more"))
    }
    let keeper = dependencies.stateRoot.map { root in
      KeptVersionFiles.keeper(
        stateFolder: StateLocation.folder(forVault: vault, root: root), random: dependencies.random,
        ids: dependencies.ids, now: dependencies.now)
    }
    let repository = AegisVaultRepository(
      storage: dependencies.storage(vault), masterKey: key, slotIndex: slot, random: dependencies.random,
      ids: dependencies.ids, keeper: keeper)
    let held = HeldVault(
      path: vault, repository: repository, lease: KeyLease(at: now, idle: idle, max: max),
      identity: dependencies.identity)
    do throws(DomainError) {
      _ = try held.contents()
    } catch .passwordRequired {
      return .failure(.wrongPassword)
    } catch {
      return .failure(error)
    }
    vaults.withLock { $0[vault] = held }
    startSyncWatch(held)
    let locked = dependencies.lockedMemory == .locked && LockedMemory.holds(key)
    return locked ? .ok : .okWithoutLockedMemory
  }

  /// Syncs the held vault with its remembered sources and its own conflict copies within 5 s
  /// of a change to any of them, while it stays held (sync.md "Without being asked"); each
  /// sync's report goes to the log as one line a source. A failure (tried again on the next
  /// change, at most once a minute) is logged as a sentence and recorded in the vault's state
  /// (`SyncProblemFile`) for `twofold status` and the front ends; a sync that succeeds removes it
  /// (`SyncRunner`).
  private func startSyncWatch(_ held: HeldVault) {
    guard let root = dependencies.stateRoot else { return }
    let runner = SyncRunner(
      vaultPath: held.path, stateFolder: StateLocation.folder(forVault: held.path, root: root),
      repository: held.repository, ids: dependencies.ids, random: dependencies.random, now: dependencies.now)
    let log = dependencies.log
    let now = dependencies.now
    BackgroundThread.start { [self] in
      SyncWatch.run(
        vault: held.path, sources: { (try? runner.remembered()) ?? [] },
        keepGoing: { vaults.withLock { $0[held.path] === held } },
        sync: {
          let sources = (try? runner.remembered()) ?? []
          guard !sources.isEmpty || !runner.conflictCopies().isEmpty else { return true }
          do throws(SyncVault.Failure) {
            let reports = try runner.sync(sources, ownCopies: true, passwords: [], dryRun: false)
            held.invalidate()
            for report in reports {
              for warning in report.warnings { log("\(held.path): warning: \(warning)") }
              log("\(held.path): " + SyncReportText.summary(report, dryRun: false))
            }
            return true
          } catch {
            let problem = SyncProblem(error, vault: held.path, time: now())
            log("\(held.path): sync failed, nothing was changed: \(problem.source): \(problem.message)")
            let file = runner.problemFile
            do throws(DomainError) {
              try file.record(problem)
            } catch {
              let reason = SyncProblem.message(for: error, source: file.path, vault: held.path)
              log("\(held.path): the sync's problem cannot be kept for 'twofold status': \(reason)")
            }
            return false
          }
        })
    }
  }

  /// Runs `body` on a held vault, resetting its idle time; a vault whose key no longer opens
  /// its file (a new password) is dropped and answered as not held.
  private func using(
    _ vault: String, at now: Int64, _ body: (HeldVault) throws(DomainError) -> [UInt8]
  ) -> [UInt8] {
    guard let held = vaults.withLock({ $0[vault] }), held.use(at: now) else {
      dropExpired(at: now)
      return AgentResponse.notHeld.encoded()
    }
    do throws(DomainError) {
      return try body(held)
    } catch .passwordRequired {
      letGo(where: { _, candidate in candidate === held })
      dependencies.log("the key slots of \(vault) changed: locked it")
      return AgentResponse.notHeld.encoded()
    } catch {
      return AgentResponse.failure(error).encoded()
    }
  }

  /// Drops every vault whose lease ran out, wiping its key once nothing uses it.
  func dropExpired(at now: Int64) {
    letGo(where: { _, vault in vault.isExpired(at: now) })
  }

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

  private func startExpiryTimer() {
    BackgroundThread.start { [self] in
      while true {
        AgentProcess.sleep(milliseconds: 250)
        dropExpired(at: dependencies.clock())
      }
    }
  }

  private func shutDown() -> Never {
    vaults.withLock { $0.removeAll() }
    AgentProcess.removeSocket(folder.socket, identity: socketIdentity.withLock { $0 })
    AgentProcess.exit(0)
  }
}
