/// Syncs the vault with its sources (sync.md): reads and decrypts every source and base first,
/// merges each source in turn into the result so far, prepares every file, saves the vault,
/// then puts the prepared files in place. Anything that cannot be read, decrypted or written
/// before the vault is saved changes nothing anywhere.
public struct SyncVault: Sendable {
  /// What a sync did with one source.
  public struct SourceReport: Equatable, Sendable {
    /// The source's path.
    public var source: String
    /// Whether it is two-way.
    public var isTwoWay: Bool
    /// The merges' report (empty when nothing was new).
    public var report: MergeReport
    /// Notes that did not stop the sync.
    public var notes: [String]

    /// Describes one source's sync.
    public init(source: String, isTwoWay: Bool, report: MergeReport, notes: [String]) {
      self.source = source
      self.isTwoWay = isTwoWay
      self.report = report
      self.notes = notes
    }
  }

  /// A sync that stopped: which source, and why; nothing was changed.
  public struct Failure: Error, Equatable, Sendable {
    /// The source's path (or the vault's).
    public var source: String
    /// What went wrong.
    public var error: DomainError

    /// Names a failure.
    public init(source: String, error: DomainError) {
      self.source = source
      self.error = error
    }
  }

  /// The steps of a sync, for those who time them (the benchmark).
  public enum Phase: String, Sendable {
    /// Sources and bases read and decrypted.
    case read
    /// The merges done.
    case merge
    /// Every file written.
    case write
  }

  let repository: any VaultRepository
  let bases: any SyncBaseStore
  let ids: IdentifierSource
  let vault: String
  /// Told as each phase ends.
  public var finished: @Sendable (Phase) -> Void = { _ in }

  /// A sync of the vault at `vault` (for messages) held by `repository`.
  public init(repository: any VaultRepository, bases: any SyncBaseStore, ids: IdentifierSource, vault: String)
  {
    self.repository = repository
    self.bases = bases
    self.ids = ids
    self.vault = vault
  }

  /// Syncs with `sources`; `dryRun` reports and writes nothing. `current` is the vault's
  /// contents when the caller has just read them (else they are loaded); the save reads them
  /// again under the vault's lock either way, and merges again only if they changed.
  public func callAsFunction(
    _ sources: [any SyncSource], dryRun: Bool, current: VaultContents? = nil
  ) throws(Failure) -> [SourceReport] {
    var inputs: [(source: any SyncSource, snapshot: SyncSnapshot, base: VaultContents?)] = []
    for source in sources {
      do throws(DomainError) {
        inputs.append((source, try source.read(), try bases.base(of: source.location)))
      } catch {
        throw Failure(source: source.location, error: error)
      }
    }
    let ours: VaultContents
    if let current {
      ours = current
    } else {
      do throws(DomainError) { ours = try repository.load() } catch {
        throw Failure(source: vault, error: error)
      }
    }
    finished(.read)
    let preview = Self.plan(inputs, ours: ours, ids: ids)
    finished(.merge)
    if dryRun { return preview.reports }
    // A sync that changes no entry writes no file; it only records what a backup folder gave.
    if preview.result == ours, preview.steps.allSatisfy({ $0.write == nil }) {
      return try recordBases(preview)
    }
    var commits: [SyncCommit] = []
    var failed: Failure?
    let planned: Plan
    do throws(DomainError) {
      planned = try repository.update { (contents) throws(DomainError) -> Plan in
        let plan = contents == ours ? preview : Self.plan(inputs, ours: contents, ids: ids)
        for step in plan.steps {
          do throws(DomainError) {
            if let write = step.write { commits.append(try step.source.prepare(write)) }
            commits.append(try prepareBase(of: step))
          } catch {
            failed = Failure(source: step.source.location, error: error)
            throw error
          }
        }
        contents = plan.result
        return plan
      }
    } catch {
      for commit in commits { commit.discard() }
      throw failed ?? Failure(source: vault, error: error)
    }
    // The vault is saved: from here a failure leaves work the next sync completes.
    for commit in commits {
      do throws(DomainError) { try commit.commit() } catch { throw Failure(source: vault, error: error) }
    }
    for step in planned.steps {
      do throws(DomainError) { try step.source.finish() } catch {
        throw Failure(source: step.source.location, error: error)
      }
    }
    finished(.write)
    return planned.reports
  }

  /// Keeps the bases of a sync that changed nothing (a first sync with equal sides, a newer
  /// backup with nothing new) without touching the vault or a source.
  private func recordBases(_ plan: Plan) throws(Failure) -> [SourceReport] {
    for step in plan.steps {
      do throws(DomainError) {
        if step.base == step.previousBase,
          step.consumed == nil || step.consumed == bases.consumed(from: step.source.location)
        {
          try step.source.finish()
          continue
        }
        try prepareBase(of: step).commit()
        try step.source.finish()
      } catch {
        throw Failure(source: step.source.location, error: error)
      }
    }
    return plan.reports
  }

  private func prepareBase(of step: Step) throws(DomainError) -> SyncCommit {
    try bases.prepare(step.base, of: step.source, consumed: step.consumed)
  }

  struct Step {
    let source: any SyncSource
    let write: VaultContents?
    let base: VaultContents
    let consumed: String?
    let previousBase: VaultContents?
  }

  struct Plan {
    var result: VaultContents
    var steps: [Step] = []
    var reports: [SourceReport] = []
  }

  /// The merges, in order, and what each source and base becomes.
  static func plan(
    _ inputs: [(source: any SyncSource, snapshot: SyncSnapshot, base: VaultContents?)], ours: VaultContents,
    ids: IdentifierSource
  ) -> Plan {
    var plan = Plan(result: ours)
    for (source, snapshot, base) in inputs {
      guard let theirs = snapshot.versions.first else {
        plan.reports.append(
          SourceReport(
            source: source.location, isTwoWay: source.isTwoWay, report: MergeReport(), notes: snapshot.notes))
        continue
      }
      let before = plan.result
      var merged = plan.result
      var report = MergeReport()
      for version in snapshot.versions {
        let step = VaultMerge.merge(base: base, ours: merged, theirs: version, ids: ids)
        merged = step.contents
        report.changes += step.report.changes
        report.conflicts += step.report.conflicts
        report.local = step.report.local
        report.remote = step.report.remote
      }
      if snapshot.versions.count > 1 {
        // Conflict copies were merged in turn: count against the sides as they were.
        report.local = .comparing(before, to: merged)
        report.remote = .comparing(theirs, to: merged)
      }
      plan.result = merged
      let writesSource = source.isTwoWay && (merged != theirs || snapshot.versions.count > 1)
      plan.steps.append(
        Step(
          source: source, write: writesSource ? merged : nil, base: source.isTwoWay ? merged : theirs,
          consumed: snapshot.consumed, previousBase: base))
      plan.reports.append(
        SourceReport(
          source: source.location, isTwoWay: source.isTwoWay, report: report, notes: snapshot.notes))
    }
    return plan
  }
}
