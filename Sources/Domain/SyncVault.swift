/// Syncs the vault with its sources (sync.md): reads and decrypts every source and base first,
/// merges each version in turn into the result so far, each against its common ancestor with
/// ours where this device kept it (else the source's base), keeps what it read, prepares every
/// file, saves the vault, then puts the prepared files in place. Anything that cannot be read,
/// decrypted or written before the vault is saved changes nothing anywhere.
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
    /// Problems of the whole sync that people should see (versions whose ancestry could not be
    /// used): at most one, on the first source's report.
    public var warnings: [String]

    /// Describes one source's sync.
    public init(
      source: String, isTwoWay: Bool, report: MergeReport, notes: [String], warnings: [String] = []
    ) {
      self.source = source
      self.isTwoWay = isTwoWay
      self.report = report
      self.notes = notes
      self.warnings = warnings
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
  let kept: (any KeptVersionStore)?
  let ids: IdentifierSource
  let vault: String
  /// Told as each phase ends.
  public var finished: @Sendable (Phase) -> Void = { _ in }

  /// A sync of the vault at `vault` (for messages) held by `repository`; `kept` holds the
  /// versions this device read or wrote (nil: every version is merged against its source's base).
  public init(
    repository: any VaultRepository, bases: any SyncBaseStore, kept: (any KeptVersionStore)? = nil,
    ids: IdentifierSource, vault: String
  ) {
    self.repository = repository
    self.bases = bases
    self.kept = kept
    self.ids = ids
    self.vault = vault
  }

  /// Syncs with `sources`; `dryRun` reports and writes nothing. `current` is the vault's
  /// contents when the caller has just read them (else they are loaded); the save reads them
  /// again under the vault's lock either way, and merges again only if they changed.
  public func callAsFunction(
    _ sources: [any SyncSource], dryRun: Bool, current: VaultContents? = nil
  ) throws(Failure) -> [SourceReport] {
    if let current { kept?.prefetch([current]) }
    let inputs = try read(sources)
    let ours: VaultContents
    if let current {
      ours = current
    } else {
      do throws(DomainError) { ours = try repository.load() } catch {
        throw Failure(source: vault, error: error)
      }
    }
    kept?.prefetch(
      (current == nil ? [ours] : []) + inputs.flatMap(\.snapshot.versions).filter { $0.lineage != nil })
    finished(.read)
    let written = VersionLineage.ID.fresh(ids)
    let ancestry = Ancestry(kept)
    let preview = try Self.planReadingBases(inputs, ours: ours, ids: ids, ancestry: ancestry, id: written)
    finished(.merge)
    if dryRun { return preview.reports }
    // A sync that changes no entry writes no file; it only records what it read.
    if preview.result.holdsSame(as: ours), preview.steps.allSatisfy({ $0.write == nil }) {
      return try recordBases(preview)
    }
    let (planned, commits) = try save(preview, ours: ours) { contents throws(Failure) in
      try Self.planReadingBases(inputs, ours: contents, ids: ids, ancestry: ancestry, id: written)
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

  /// Reads every source, with its base where a merge needs it for sure.
  private func read(_ sources: [any SyncSource]) throws(Failure) -> [Input] {
    var inputs: [Input] = []
    for source in sources {
      do throws(DomainError) {
        // A shared file's base is read only if a merge needs it (no kept common ancestor);
        // a backup folder's always is (its versions carry no ancestry).
        let location = source.location
        let base = LazyBase { [bases] () throws(DomainError) in
          source.isRemembered ? try bases.base(of: location) : nil
        }
        if !source.isTwoWay { _ = try base.get() }
        inputs.append(Input(source: source, snapshot: try source.read(), base: base))
      } catch {
        throw Failure(source: source.location, error: error)
      }
    }
    return inputs
  }

  /// Saves the vault under its lock with `preview`'s result (planned again by `replan` when the
  /// vault changed since `ours` was read), keeping the versions and preparing every source's
  /// write and base; nothing prepared is committed here, and all of it is discarded when the
  /// save fails. The plan saved and what to commit.
  private func save(
    _ preview: Plan, ours: VaultContents, replan: (VaultContents) throws(Failure) -> Plan
  ) throws(Failure) -> (Plan, [SyncCommit]) {
    var commits: [SyncCommit] = []
    var failed: Failure?
    do throws(DomainError) {
      let planned = try repository.update { (contents) throws(DomainError) -> Plan in
        var plan = preview
        if contents != ours {
          do throws(Failure) {
            plan = try replan(contents)
          } catch {
            failed = error
            throw error.error
          }
        }
        do throws(DomainError) {
          try keep(plan)
        } catch {
          failed = Failure(source: vault, error: error)
          throw error
        }
        for step in plan.steps {
          do throws(DomainError) {
            if let write = step.write { commits.append(try step.source.prepare(write)) }
            if let base = try prepareBase(of: step) { commits.append(base) }
          } catch {
            failed = Failure(source: step.source.location, error: error)
            throw error
          }
        }
        contents = plan.result
        return plan
      }
      return (planned, commits)
    } catch {
      for commit in commits { commit.discard() }
      throw failed ?? Failure(source: vault, error: error)
    }
  }

  /// Keeps the bases and the versions read of a sync that changed nothing (a first sync with
  /// equal sides, a newer backup with nothing new) without touching the vault or a source.
  private func recordBases(_ plan: Plan) throws(Failure) -> [SourceReport] {
    do throws(DomainError) { try keep(plan) } catch {
      throw Failure(source: vault, error: error)
    }
    for step in plan.steps {
      do throws(DomainError) {
        let previous = try step.previousBase.get()
        if step.base == nil || step.base == previous,
          step.consumed == nil || step.consumed == bases.consumed(from: step.source.location)
        {
          try step.source.finish()
          continue
        }
        try prepareBase(of: step)?.commit()
        try step.source.finish()
      } catch {
        throw Failure(source: step.source.location, error: error)
      }
    }
    return plan.reports
  }

  /// Keeps each version read that has a lineage, and the result, as changes from ours where
  /// ours is kept, else from the version kept just before (so a first sync keeps one whole
  /// version, not two).
  private func keep(_ plan: Plan) throws(DomainError) {
    guard let kept else { return }
    let oursIsKept = plan.ours.lineage.map { kept.keptIDs().contains($0.id) } ?? false
    var previous: VaultContents?
    var versions: [(version: VaultContents, parent: VaultContents?)] = []
    for version in plan.read + [plan.result] where version.lineage != nil {
      versions.append((version, oursIsKept ? plan.ours : previous ?? plan.ours))
      previous = version
    }
    try kept.keep(versions)
  }

  private func prepareBase(of step: Step) throws(DomainError) -> SyncCommit? {
    guard step.source.isRemembered, let base = step.base else { return nil }
    return try bases.prepare(base, of: step.source, consumed: step.consumed)
  }

  struct Input {
    let source: any SyncSource
    let snapshot: SyncSnapshot
    let base: LazyBase
  }

  /// A source's base, read from the store the first time it is asked for.
  final class LazyBase {
    private let read: () throws(DomainError) -> VaultContents?
    /// The base once read (nil inside: the source has none); nil before it is read.
    private(set) var value: VaultContents??

    init(_ read: @escaping () throws(DomainError) -> VaultContents?) { self.read = read }

    /// The base, read now if it was not yet.
    func get() throws(DomainError) -> VaultContents? {
      if let value { return value }
      let read = try read()
      value = .some(read)
      return read
    }
  }

  struct Step {
    let source: any SyncSource
    let write: VaultContents?
    /// The source's new base; nil: it keeps the one it has.
    let base: VaultContents?
    let consumed: String?
    let previousBase: LazyBase
  }

  struct Plan {
    var ours: VaultContents
    var result: VaultContents
    var steps: [Step] = []
    var reports: [SourceReport] = []
    /// The versions read that carry a lineage of their own, to keep.
    var read: [VaultContents] = []
    /// Whether a merge needed a base that was not read yet (the plan is then incomplete).
    var needsBases = false
  }

  /// One source's versions merged in: the result before and after them, the merges' reports and
  /// the notes of its reading.
  struct Merged {
    let input: Input
    let before: VaultContents
    let after: VaultContents
    let reports: [MergeReport]
    let notes: [String]

    /// What the source and its base become once the sync's result is `result`, and its report.
    func step(result: VaultContents) -> (Step, SourceReport) {
      let source = input.source
      let theirs = input.snapshot.versions.first
      let copies = input.snapshot.versions.count > 1
      let writes = source.isTwoWay && theirs.map { copies || !$0.holdsSame(as: result) } ?? false
      let report: MergeReport
      if reports.count == 1, !copies, after.holdsSame(as: result) {
        report = reports[0]
      } else if let theirs {
        report = MergeReport.comparing(
          events: reports.flatMap(\.events), local: (before, after),
          remote: (theirs, source.isTwoWay ? result : after))
      } else {
        report = MergeReport()
      }
      let step = Step(
        source: source, write: writes ? result : nil,
        // A backup folder's base is always the backup last consumed (sync.md): with no new
        // backup it stays what it was, never the result.
        base: source.isTwoWay ? result : theirs,
        consumed: input.snapshot.consumed,
        previousBase: input.base)
      return (
        step, SourceReport(source: source.location, isTwoWay: source.isTwoWay, report: report, notes: notes)
      )
    }
  }

  /// `plan`, reading the sources' bases first when a merge needs one (no kept common ancestor).
  static func planReadingBases(
    _ inputs: [Input], ours: VaultContents, ids: IdentifierSource, ancestry: Ancestry, id: VersionLineage.ID
  ) throws(Failure) -> Plan {
    let first = plan(inputs, ours: ours, ids: ids, ancestry: ancestry, id: id)
    guard first.needsBases else { return first }
    for input in inputs {
      do throws(DomainError) { _ = try input.base.get() } catch {
        throw Failure(source: input.source.location, error: error)
      }
    }
    return plan(inputs, ours: ours, ids: ids, ancestry: ancestry, id: id)
  }

  /// The merges, in order, and what each source and base becomes: every version merged into
  /// the result so far against the base `ancestry` chooses; the result is a new version `id`
  /// descending from ours and what was merged in (ours's own when no entry changed), and every
  /// two-way source that differs gets it.
  static func plan(
    _ inputs: [Input], ours: VaultContents, ids: IdentifierSource, ancestry: Ancestry, id: VersionLineage.ID
  ) -> Plan {
    var plan = Plan(ours: ours, result: ours)
    var merged: [VersionLineage] = []
    var resolved: [VersionLineage.Resolved] = []
    var doubtful = DoubtfulAncestry()
    let oursLineage = ancestry.trusted(ours)
    if oursLineage != nil { ancestry.vouch(for: ours) }
    var done: [Merged] = []
    for input in inputs {
      let notes = input.snapshot.notes
      let before = plan.result
      var reports: [MergeReport] = []
      for version in input.snapshot.versions {
        let theirs = ancestry.trusted(version)
        if version.lineage != nil,
          !plan.read.contains(where: { $0.lineage == version.lineage && $0 == version })
        {
          plan.read.append(version)
        }
        if version.lineage == nil, version.preserved.contains(where: { $0.key == VersionLineage.field }) {
          doubtful.unreadable += 1
        } else if version.lineage != nil, theirs == nil {
          doubtful.stale += 1
        }
        let pending = VersionLineage.written(id, replacing: oursLineage, merging: merged)
        let base: VaultContents?
        switch ancestry.choose(ours: pending, theirs: version) {
        case .included: continue
        case .kept(let ancestor): base = ancestry.contents(of: ancestor)
        case .current:
          guard let read = input.base.value else {
            plan.needsBases = true
            continue
          }
          base = read
        }
        // A source of several versions is counted once over them all, below.
        let step = VaultMerge.merge(
          base: base, ours: plan.result, theirs: version, ids: ids,
          counting: input.snapshot.versions.count == 1)
        var report = step.report
        if let theirs {
          // The new version records the conflicts this merge kept our value in, for the device
          // whose value lost; and this device is told of those the version's own merge resolved
          // against a version of ours.
          resolved += step.oursKept.map { .init(account: $0.account, field: $0.field, lost: theirs.id) }
          for lost in Self.lostConflicts(theirs, ours: oursLineage, before: plan.result, after: step.contents)
          {
            report.changes.append(lost)
            report.conflicts += 1
          }
        }
        plan.result = step.contents
        reports.append(report)
        if let theirs { merged.append(theirs) }
      }
      done.append(Merged(input: input, before: before, after: plan.result, reports: reports, notes: notes))
    }
    // A version's id always names exactly one version's contents (a kept version is then what its
    // id says): the result is ours itself when nothing new was merged in, a source's version
    // itself when it holds the same as that, else a new version descending from ours and every
    // version merged in (so a device whose value lost a conflict takes the result as newer).
    if plan.result.holdsSame(as: ours), oursLineage != nil, merged.isEmpty {
      plan.result = ours
    } else {
      var written = VersionLineage.written(id, replacing: oursLineage, merging: merged)
      written.resolved = resolved
      plan.result = version(of: plan.result, inputs: done.map(\.input), ancestry: ancestry, written: written)
    }
    for item in done {
      let (step, report) = item.step(result: plan.result)
      plan.steps.append(step)
      plan.reports.append(report)
    }
    doubtful.damaged = ancestry.damagedCount()
    if let warning = doubtful.warning, !plan.reports.isEmpty { plan.reports[0].warnings = [warning] }
    return plan
  }

  /// The merged `result` as a version: a source's version itself when it holds the same (taken
  /// whole, its order and group UUIDs too, so the vault and the file hold the same version and
  /// the file is not written again), else `result` as the new version `written`.
  static func version(
    of result: VaultContents, inputs: [Input], ancestry: Ancestry, written: VersionLineage
  ) -> VaultContents {
    if let same = adoptable(inputs, result: result, ancestry: ancestry) { return same }
    var version = result
    version.lineage = written
    return version
  }

  /// The conflicts `theirs`'s own merge resolved by keeping its value over a version of ours
  /// (`ours` or one of its ancestors), as report lines, where this merge gives up our value for
  /// theirs (`before` → `after`): the device whose value lost is told, not only the one that
  /// merged first.
  static func lostConflicts(
    _ theirs: VersionLineage, ours: VersionLineage?, before: VaultContents, after: VaultContents
  ) -> [MergeChange] {
    guard let ours, !theirs.resolved.isEmpty else { return [] }
    var lines: [MergeChange] = []
    for lost in theirs.resolved where ours.includes(lost.lost) {
      guard let old = before.accounts.first(where: { $0.id == lost.account }),
        let new = after.accounts.first(where: { $0.id == lost.account })
      else { continue }
      let oldFields = MergeFields(old, groupNames: before.groupNames(of: old))
      guard !oldFields.same(lost.field, as: MergeFields(new, groupNames: after.groupNames(of: new))) else {
        continue
      }
      lines.append(.conflict(label: new.label, field: lost.field, resolution: .theirsKept))
    }
    return lines
  }

  /// A two-way source's only version when the result holds the same (in any order, groups by
  /// name) and every other two-way source holds that very version too, so no source needs
  /// writing; nil else.
  static func adoptable(_ inputs: [Input], result: VaultContents, ancestry: Ancestry) -> VaultContents? {
    let twoWay = inputs.filter { $0.source.isTwoWay }
    guard !twoWay.isEmpty, twoWay.allSatisfy({ $0.snapshot.versions.count == 1 }) else { return nil }
    let versions = twoWay.map { $0.snapshot.versions[0] }
    guard versions.allSatisfy({ $0.holdsSame(as: result) }), let lineage = ancestry.trusted(versions[0]),
      versions.allSatisfy({ $0.lineage == lineage })
    else { return nil }
    return versions[0]
  }

  /// What made a sync fall back to an older base than the versions' ancestry would give
  /// (sync.md "Two writers: which base"): said once per sync, however many versions it touched.
  struct DoubtfulAncestry {
    /// Versions whose `twofold_sync` record is malformed.
    var unreadable = 0
    /// Versions whose id was kept with other contents (another program edited the file).
    var stale = 0
    /// Kept versions found damaged.
    var damaged = 0

    /// The one warning, or nil when every ancestry could be used.
    var warning: String? {
      var parts: [String] = []
      if unreadable > 0 {
        parts.append(
          "\(Plural.count(unreadable, "version")) with a \(VersionLineage.field) record that cannot be read")
      }
      if stale > 0 {
        parts.append("\(Plural.count(stale, "version")) changed by another program since Twofold wrote it")
      }
      if damaged > 0 { parts.append("\(Plural.count(damaged, "kept version")) damaged") }
      guard !parts.isEmpty else { return nil }
      return parts.joined(separator: ", ")
        + ": merged against an older base, which can bring back a deleted entry"
    }
  }
}
