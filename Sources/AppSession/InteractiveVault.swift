import Agent
import Crypto
import Data
import Domain
import Infrastructure
import Presentation

/// One vault as an interactive front end (the full-screen terminal app, the desktop window)
/// opens it: without asking when it is not encrypted, the agent holds its key or the login
/// keyring does (never prompting for the keyring), else with a password typed on the front end's
/// unlock screen; the key is then handed to the agent so the next front end or command does not ask.
public struct InteractiveVault: Sendable {
  /// Where the vault file is, as given.
  public let path: String
  /// The vault file.
  public let storage: FileVaultStorage
  /// Identifiers for new accounts and groups.
  public let ids: IdentifierSource
  /// How the agent is reached.
  public let agent: AgentAccess
  /// How the vault's repositories are put together.
  let assembly: VaultAssembly
  /// The vault's key in the login keyring, tried once before the password; nil when not used.
  private let keyring: KeyringUnlock?
  /// The repository the vault was last opened with here, for its key ("Unlock with the login keyring").
  private let opened = OpenedRepository()

  /// The vault at `path`; `now` is the clock for backups' names. `keyring` is where the vault's
  /// key may be kept (CLI.md "Unlock with the login session"), nil to leave it alone; its warnings
  /// (a damaged item, a key replaced after a re-keying) go to `warn`. `faultPoint` is the
  /// storage's (`FileVaultStorage.init`), nil but in a test build.
  public init(
    path: String, agent: AgentAccess, now: @escaping @Sendable () -> Int64,
    ids: IdentifierSource, keyring: (any VaultKeyring)?,
    warn: @escaping @Sendable (String) -> Void = { _ in },
    faultPoint: (@Sendable (FileVaultStorage.WriteStage) -> Void)? = nil
  ) {
    self.path = path
    assembly = VaultAssembly(
      path: path, now: now, stateRoot: StateLocation.root(), ids: ids, random: .secure, faultPoint: faultPoint
    )
    storage = assembly.storage
    self.ids = ids
    self.agent = agent
    self.keyring = keyring.map {
      KeyringUnlock(keyring: $0, vault: AgentProcess.absolutePath(path), warn: warn)
    }
  }

  /// How the vault opened without a password.
  public enum Opened: Sendable {
    /// A vault that is not encrypted: there is nothing to lock.
    case unencrypted(VaultServices)
    /// Encrypted, and opened without a password: through the agent, which holds the key (the
    /// secrets stay there), or with the key from the login keyring (handed to the agent when it
    /// may be used, else used here).
    case throughAgent(VaultServices)
  }

  /// Opens the vault without asking: not encrypted, through the agent, or with the login
  /// keyring's key (in that order); nil when a password is needed. Throws for a missing or
  /// unreadable file.
  public func openWithoutPassword() throws(DomainError) -> Opened? {
    let repository = assembly.repositoryWithoutPassword()
    do throws(DomainError) {
      _ = try repository.load()
      return .unencrypted(
        VaultServices(
          repository: repository, ids: ids, conflictCopies: countCopies, syncProblem: readSyncProblem))
    } catch .passwordRequired {
      if let services = throughAgent(direct: repository) { return .throughAgent(services) }
      return try withKeyring().map(Opened.throughAgent)
    }
  }

  /// Opens the vault with `password` (a wrong one throws and leaves the file as it is) and hands
  /// its key to the agent when the agent may be used.
  ///
  /// The repository keeps a copy of the password while the vault is open, to open the file again
  /// should it be replaced by one its key does not open; in `SecretBytes`, so it is wiped when
  /// the front end locks or quits, and each copy handed to the repository is wiped after use.
  public func unlock(password: [UInt8], handOver: Bool = true) throws(DomainError) -> VaultServices {
    let kept = SecretBytes(count: password.count) { $0.copyBytes(from: password) }
    let repository = assembly.repository(
      password: { () throws(DomainError) in kept.withUnsafeBytes { Array($0) } }, keyring: keyring)
    _ = try repository.load()
    opened.set(repository)
    if handOver, agent.isEnabled {
      _ = agent.handOver(
        repository, vault: AgentProcess.absolutePath(path), idle: AgentAccess.defaultIdle,
        max: AgentAccess.defaultMax)
    }
    return VaultServices(
      repository: repository, ids: ids, conflictCopies: countCopies, syncProblem: readSyncProblem)
  }

  /// The "Unlock with the login keyring" setting of this vault; nil when the keyring is left alone.
  public var keyringSetting: KeyringSetting? {
    keyring.map { KeyringSetting(keyring: $0.keyring, vault: $0.vault) }
  }

  /// The repository the vault was last opened with here, if any.
  var openedDirectly: @Sendable () -> AegisVaultRepository? {
    let opened = opened
    return { opened.get() }
  }

  /// Counts the Syncthing conflict copies beside the vault file.
  private var countCopies: @Sendable () -> Int {
    let vault = AgentProcess.absolutePath(path)
    return { VaultConflictCopies.paths(of: vault).count }
  }

  /// Reads what stopped the last sync without being asked, from the vault's state
  /// (`SyncProblemFile`), as `twofold status` shows it.
  private var readSyncProblem: @Sendable () -> String? {
    let file = SyncProblemFile(vault: AgentProcess.absolutePath(path), root: StateLocation.root())
    return { file?.read()?.line }
  }

  /// Tells, each time it is asked, whether the vault file changed (`FileWatcher`) or the
  /// problem of its syncs without being asked came or went, so a front end loads it again.
  public func changeWatcher() -> () -> Bool {
    let vault = FileWatcher(path: path)
    let problem = SyncProblemFile(vault: AgentProcess.absolutePath(path), root: StateLocation.root())
      .map { FileWatcher(path: $0.path) }
    return {
      // Both are asked each time, so neither keeps an old change for the next look.
      let changed = vault.changed()
      return (problem?.changed() ?? false) || changed
    }
  }

  /// The vault opened with the login keyring's key, handed to the agent when it may be used;
  /// nil when the keyring has no key that opens it.
  private func withKeyring() throws(DomainError) -> VaultServices? {
    guard let keyring else { return nil }
    let repository = assembly.repositoryWithoutPassword(keyring: keyring)
    do throws(DomainError) {
      _ = try repository.load()
    } catch .passwordRequired {
      return nil
    }
    guard keyring.openedVault else { return nil }
    opened.set(repository)
    if agent.isEnabled,
      agent.handOver(
        repository, vault: AgentProcess.absolutePath(path), idle: AgentAccess.defaultIdle,
        max: AgentAccess.defaultMax) == nil,
      let services = throughAgent(direct: repository)
    {
      return services
    }
    return VaultServices(
      repository: repository, ids: ids, conflictCopies: countCopies, syncProblem: readSyncProblem)
  }

  private func throughAgent(direct: AegisVaultRepository) -> VaultServices? {
    guard agent.isEnabled else { return nil }
    let repository = AgentVaultRepository(
      vault: AgentProcess.absolutePath(path), client: agent.client, direct: direct)
    guard (try? repository.load()) != nil, repository.usesAgent else { return nil }
    return VaultServices(
      repository: repository, ids: ids, conflictCopies: countCopies, syncProblem: readSyncProblem)
  }
}
