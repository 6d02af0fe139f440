import Agent
import Arguments
import Crypto
import Domain
import Infrastructure

#if canImport(Glibc)
  import Glibc
#endif

/// `twofold sync [SOURCE…] [--dry-run] [--json] [--source-password-file FILE]` and
/// `sync --forget SOURCE` (CLI.md "Sync", sync.md).
struct SyncCommand {
  let commands: VaultCommands

  private var arguments: ParsedArguments { commands.arguments }
  private var environment: Environment { commands.environment }
  private var session: VaultSession { commands.session }

  func run() throws(CommandFailure) {
    let vault = AgentProcess.absolutePath(session.path)
    guard let root = StateLocation.root(variables: environment.variables) else {
      throw .usage("no folder for the sync state: set $XDG_STATE_HOME or $HOME")
    }
    var runner = SyncRunner(
      vaultPath: vault, stateFolder: StateLocation.folder(forVault: vault, root: root),
      repository: session.direct, ids: session.ids, random: .secure, now: environment.now)
    if environment.variables["TWOFOLD_BENCH_TIMINGS"] == "1" {
      let log = environment.standardError
      runner.timings = { name, milliseconds in log("timing sync-\(name) \(milliseconds) ms\n") }
    }
    if let forget = arguments.value("forget") {
      let source = AgentProcess.absolutePath(forget)
      guard try commands.domain({ () throws(DomainError) in try runner.forget(source) }) else {
        throw .failed("\(source) was never synced with \(vault)")
      }
      environment.standardOutput("forgot \(source)\n")
      return
    }
    var sources = arguments.positionals.map(AgentProcess.absolutePath)
    for source in sources {
      if let original = SyncFileNames.original(ofCopy: String(source.split(separator: "/").last ?? "")) {
        throw .usage(
          "\(source) is a Syncthing conflict copy of \(original): sync with \(original), and its copies are merged too"
        )
      }
    }
    let ownCopies = sources.isEmpty
    if sources.isEmpty {
      sources = try commands.domain { () throws(DomainError) in try runner.remembered() }
      // A vault in a synced folder has nothing to sync until Syncthing leaves a conflict copy
      // beside it: --watch waits for one.
      if sources.isEmpty && runner.conflictCopies().isEmpty && !arguments.has("watch") {
        environment.standardError(
          "nothing to sync: no source synced before and no conflict copies of \(vault)\n")
        return
      }
    }
    for source in sources where Self.isSameFile(source, vault) {
      throw .usage("\(source) is the vault itself: give another copy to sync with")
    }
    if !session.storage.exists() { throw session.failure(.vaultMissing) }
    if arguments.has("watch") {
      try watch(given: sources, ownCopies: ownCopies, runner: runner, vault: vault)
    }
    try syncOnce(sources, ownCopies: ownCopies, runner: runner, vault: vault)
  }

  /// `sync --watch`: a sync now, then one within 5 s of each change, until stopped; a failure
  /// is printed and tried again on the next change (at most once a minute). With nothing to
  /// sync yet (a vault in a synced folder) it keeps watching the vault's folder for conflict copies.
  private func watch(given: [String], ownCopies: Bool, runner: SyncRunner, vault: String)
    throws(CommandFailure)
    -> Never
  {
    let sources = { () -> [String] in
      given.isEmpty ? ((try? runner.remembered()) ?? []) : given
    }
    let isIdle = { sources().isEmpty && runner.conflictCopies().isEmpty }
    if isIdle() {
      // The password is checked now, not when the first conflict copy arrives.
      _ = try commands.domain { () throws(DomainError) in try session.repository.load() }
      environment.standardError(
        "nothing to sync yet: watching for conflict copies of \(vault) and sources synced from now on\n")
    }
    let sync = { () -> Bool in
      // As the agent's watch: a change to the vault alone, with nothing to merge, is no sync.
      if isIdle() { return true }
      do throws(CommandFailure) {
        try syncOnce(sources(), ownCopies: ownCopies, runner: runner, vault: vault, keepsProblem: true)
        return true
      } catch {
        environment.standardError("twofold: \(error.message)\n")
        return false
      }
    }
    // Stoppable as a foreground program is, whatever mask the parent left.
    var stopping = sigset_t()
    sigemptyset(&stopping)
    sigaddset(&stopping, SIGTERM)
    sigaddset(&stopping, SIGINT)
    sigprocmask(SIG_UNBLOCK, &stopping, nil)
    SyncWatch.run(vault: vault, sources: sources, syncFirst: true, keepGoing: { true }, sync: { sync() })
    exit(0)
  }

  /// One sync; with `keepsProblem` (the watch, which nobody may be looking at) a failure is also
  /// kept in the vault's state for `twofold status` and the front ends, as the agent's is.
  private func syncOnce(
    _ sources: [String], ownCopies: Bool, runner: SyncRunner, vault: String, keepsProblem: Bool = false
  )
    throws(CommandFailure)
  {
    // A shared file not there (nor being put there by Syncthing) that the sync succeeds with is
    // one it created.
    let absent = sources.filter { FileIdentity.of($0) == nil && !SyncthingGap.isReplacing($0) }
    let reports: [SyncVault.SourceReport]
    if let synced = try throughAgent(sources, ownCopies: ownCopies, vault: vault) {
      reports = synced
    } else {
      do throws(SyncVault.Failure) {
        reports = try runner.sync(
          sources, ownCopies: ownCopies, passwords: passwords(), dryRun: arguments.has("dry-run"))
      } catch {
        if keepsProblem {
          try? runner.problemFile.record(SyncProblem(error, vault: vault, time: environment.now()))
        }
        throw failure(error, vault: vault)
      }
    }
    for source in absent where arguments.has("dry-run") || FileIdentity.of(source) != nil {
      let made = arguments.has("dry-run") ? "would create" : "created"
      environment.standardError("\(made) \(source), sealed with this vault's password\n")
    }
    for source in reports {
      for line in SyncReportText.lines(source) { environment.standardError(line + "\n") }
      environment.standardError(SyncReportText.summary(source, dryRun: arguments.has("dry-run")) + "\n")
    }
    if arguments.has("json") { environment.standardOutput(SyncReportText.json(reports)) }
  }

  /// The sync run by the agent when it holds the vault's key (no password asked); nil when it
  /// does not, and the sync runs here. A source its key does not open gets the source password
  /// (from the file, else asked on the terminal once).
  private func throughAgent(_ sources: [String], ownCopies: Bool, vault: String) throws(CommandFailure)
    -> [SyncVault
    .SourceReport]?
  {
    guard session.agent.isEnabled else { return nil }
    var password: [UInt8]?
    if let file = arguments.value("source-password-file") {
      do throws(DomainError) { password = try PasswordSources.firstLine(of: file) } catch {
        throw failure(SyncVault.Failure(source: file, error: error), vault: vault)
      }
    }
    defer { if password != nil { wipe(&password!) } }
    for attempt in 0..<2 {
      let request = AgentRequest.sync(
        vault: vault, sources: sources, ownCopies: ownCopies, dryRun: arguments.has("dry-run"),
        sourcePassword: password)
      let response: AgentResponse
      do {
        response = try session.agent.client.send(request)
      } catch {
        switch error {
        case .notRunning, .otherVersion, .tooLarge: return nil
        case .refused(let reason), .failed(let reason):
          // Nothing reached the agent, or nothing it did: the sync runs here.
          environment.standardError("warning: not using the agent: \(reason)\n")
          return nil
        case .interrupted(let reason):
          // The agent may have synced before it stopped: syncing again here could write twice.
          throw .failed("sync: \(reason); run 'twofold sync --dry-run' to see whether the sync was made")
        }
      }
      switch response {
      case .synced(let reports): return reports
      case .syncFailed(let source, .passwordRequired)
      where attempt == 0 && password == nil && TerminalPrompt.hasTerminal:
        password = TerminalPrompt().ask("Password of \(source): ", secret: true)
        if password == nil {
          throw failure(SyncVault.Failure(source: source, error: .cancelled), vault: vault)
        }
      case .syncFailed(let source, let error):
        throw failure(SyncVault.Failure(source: source, error: error), vault: vault)
      case .failure(.passwordRequired):
        // The agent leaves it to this process: a new source under another key needs the
        // vault's own password, asked here as for a vault the agent does not hold.
        return nil
      case .failure(let error): throw failure(SyncVault.Failure(source: vault, error: error), vault: vault)
      default: return nil
      }
    }
    return nil
  }

  /// The vault's own password first (the one that opened it, asked once), then the source's.
  private func passwords() -> [SyncAccess.Password] {
    [
      Self.vaultPassword(session.passwords),
      Self.sourcePassword(file: arguments.value("source-password-file")),
    ]
  }

  private static func vaultPassword(_ sources: PasswordSources) -> SyncAccess.Password {
    return { () throws(DomainError) -> [UInt8]? in
      do {
        return try sources.vaultPassword()
      } catch {
        return nil
      }
    }
  }

  private static func sourcePassword(file: String?) -> SyncAccess.Password {
    guard let file else {
      return { () throws(DomainError) -> [UInt8]? in
        guard TerminalPrompt.hasTerminal else { return nil }
        return TerminalPrompt().ask("Password of the source: ", secret: true)
      }
    }
    return { () throws(DomainError) -> [UInt8]? in try PasswordSources.firstLine(of: file) }
  }

  private func failure(_ failure: SyncVault.Failure, vault: String) -> CommandFailure {
    let nothing = "; nothing was changed"
    switch failure.error {
    case .passwordRequired where failure.source != vault:
      return .usage(
        "\(failure.source) needs a password and there is no terminal to ask: use --source-password-file FILE")
    case .storage(let reason): return .failed("sync: \(reason)\(nothing)")
    default:
      if failure.source == vault { return session.failure(failure.error) }
      let line = session.failure(failure.error)
      return CommandFailure(
        status: line.status, message: "sync with \(failure.source): \(line.message)\(nothing)")
    }
  }

  static func isSameFile(_ a: String, _ b: String) -> Bool {
    a == b || (FileIdentity.of(a).map { $0.sameFile(as: FileIdentity.of(b)) } ?? false)
  }
}
