/// What an import did (or, for a dry run, would do).
public struct ImportReport: Equatable, Sendable {
  /// Accounts added (or that would be added).
  public var added: [Account] = []
  /// Labels of entries skipped because the vault (or the import itself) already has them.
  public var duplicates: [String] = []
  /// Entries that could not be understood, with why.
  public var failed: [ImportCandidate] = []

  /// An empty report.
  public init() {}
}

/// Adds imported entries in one save, all or nothing: unless `skipBad` is set, a single entry
/// that was not understood fails the whole import and the vault is unchanged. Duplicates of
/// accounts already present (or earlier in the same import) are skipped and counted.
public struct ImportAccounts: Sendable {
  let repository: any VaultRepository
  let ids: IdentifierSource

  /// Creates the use case.
  public init(repository: any VaultRepository, ids: IdentifierSource) {
    self.repository = repository
    self.ids = ids
  }

  /// The refusal when entries failed and `skipBad` was not given.
  public struct Refused: Error, Equatable, Sendable {
    /// The report of what would have happened.
    public var report: ImportReport
  }

  /// Imports `candidates`; with `dryRun`, computes the report without saving.
  public func callAsFunction(
    _ candidates: [ImportCandidate], skipBad: Bool, dryRun: Bool
  ) throws(DomainError) -> Result<ImportReport, Refused> {
    let (report, refused) = try repository.perform(
      .importAccounts(candidates, skipBad: skipBad, dryRun: dryRun), ids: ids
    ).imported()
    return refused ? .failure(Refused(report: report)) : .success(report)
  }

  /// Adds what can be added of `candidates` to `contents`; `refused` when entries failed without `skipBad`.
  static func plan(
    _ candidates: [ImportCandidate], into contents: inout VaultContents, skipBad: Bool, ids: IdentifierSource
  ) -> (report: ImportReport, refused: Bool) {
    var report = ImportReport()
    var index = DuplicateIndex(contents.accounts)
    for candidate in candidates {
      guard let new = candidate.account else {
        report.failed.append(candidate)
        continue
      }
      do throws(DomainError) {
        report.added.append(try AddAccount.add(new, to: &contents, ids: ids, index: &index))
      } catch .duplicate {
        report.duplicates.append(candidate.label)
      } catch {
        var failed = candidate
        if case .invalidField(_, let message) = error {
          failed.problem = message
        } else {
          failed.problem = "\(error)"
        }
        report.failed.append(failed)
      }
    }
    return (report, !report.failed.isEmpty && !skipBad)
  }
}
