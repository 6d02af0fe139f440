import Crypto
import Data
import Domain
import Infrastructure

/// The agent's syncs (sync.md): a sync a client asks for, with the held key, and the watch of
/// each held vault's remembered sources and conflict copies. One place builds a vault's
/// `SyncRunner`; time comes from `clock`, never read here.
public final class AgentSyncService: Sendable {
  /// Where per-device sync state lives (`StateLocation.root`); nil when nowhere is known.
  let stateRoot: String?
  let ids: IdentifierSource
  let random: RandomSource
  /// Unix time in seconds, for the names of backups and the time of a sync's problem.
  let clock: @Sendable () -> Int64
  let log: @Sendable (String) -> Void

  /// A service keeping its state under `stateRoot`.
  public init(
    stateRoot: String?, ids: IdentifierSource, random: RandomSource, clock: @escaping @Sendable () -> Int64,
    log: @escaping @Sendable (String) -> Void
  ) {
    self.stateRoot = stateRoot
    self.ids = ids
    self.random = random
    self.clock = clock
    self.log = log
  }

  /// The runner of `held`'s syncs; nil when no folder for the sync state is known.
  func runner(for held: HeldVault) -> SyncRunner? {
    stateRoot.map { root in
      SyncRunner(
        vaultPath: held.path, stateFolder: StateLocation.folder(forVault: held.path, root: root),
        repository: held.repository, ids: ids, random: random, now: clock)
    }
  }

  /// Runs a sync with the held key; a failure of the vault's own key (new slots) throws
  /// `.passwordRequired`, so the handler lets the vault go.
  func sync(
    _ held: HeldVault, sources: [String], ownCopies: Bool, dryRun: Bool, password: [UInt8]?
  ) throws(DomainError) -> AgentResponse {
    guard let runner = runner(for: held) else {
      return .syncFailed(
        source: held.path, .storage("no folder for the sync state: set $XDG_STATE_HOME or $HOME"))
    }
    // The agent writes the vault's accounts under no key but its own and those its syncs kept:
    // a new source under another key needs the vault's password, which only a sync run by the
    // client itself asks for (answered as a password the agent lacks).
    guard try runner.newSourcesUnderOtherKeys(sources).isEmpty else {
      log("\(held.path): a sync with a new source under another key was left to the client")
      throw .passwordRequired
    }
    let passwords = password.map { [Self.passwordSource($0)] } ?? []
    do throws(SyncVault.Failure) {
      return .synced(try runner.sync(sources, ownCopies: ownCopies, passwords: passwords, dryRun: dryRun))
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

  /// Syncs the held vault with its remembered sources and its own conflict copies within 5 s
  /// of a change to any of them, while `keepGoing` (sync.md "Without being asked"), on a thread
  /// of its own; each sync's report goes to the log as one line a source. A failure (tried again
  /// on the next change, at most once a minute) is logged as a sentence and recorded in the
  /// vault's state (`SyncProblemFile`) for `twofold status` and the front ends; a sync that
  /// succeeds removes it (`SyncRunner`).
  func watch(_ held: HeldVault, while keepGoing: @escaping @Sendable () -> Bool) {
    guard let runner = runner(for: held) else { return }
    BackgroundThread.start { [self] in
      SyncWatch.run(
        vault: held.path, sources: { (try? runner.remembered()) ?? [] }, keepGoing: keepGoing,
        sync: { self.syncWatched(held, runner) })
    }
  }

  /// One sync the watch runs; whether it succeeded.
  private func syncWatched(_ held: HeldVault, _ runner: SyncRunner) -> Bool {
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
      let problem = SyncProblem(error, vault: held.path, time: clock())
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
  }
}
