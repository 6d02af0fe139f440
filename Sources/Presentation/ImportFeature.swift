import Domain

/// Importing another app's export into the vault: choose a file, give its password when it is
/// encrypted, see what importing would do (the same truthful report as `twofold import`), and
/// import, all or nothing unless entries that cannot be read are to be skipped.
public enum ImportFeature {
  /// What the dialog shows.
  public struct State: Equatable, Sendable {
    /// The chosen file.
    public var file: String
    /// Whether the file is encrypted and its password is asked for.
    public var asksPassword = false
    /// The file's password as typed.
    public var password = ""
    /// Import the rest when some entries cannot be read (`--skip-bad`).
    public var skipBad = false
    /// What importing would do, once the file was read.
    public var preview: ImportReport?
    /// Parts of a multi-part export that are missing, when some are.
    public var incomplete: String?
    /// What was imported.
    public var result: ImportReport?
    /// A sentence about the file or the import.
    public var message: String?
    /// The entries read from the file (until they are imported).
    public var candidates: [ImportCandidate] = []

    /// The dialog for `file`.
    public init(file: String) { self.file = file }

    /// Whether Import would do what the preview says: something to add, and nothing unreadable
    /// or missing unless those are to be skipped.
    public var canImport: Bool {
      guard let preview, result == nil, !preview.added.isEmpty else { return false }
      return skipBad || (preview.failed.isEmpty && incomplete == nil)
    }

    /// Why Import cannot be chosen now, when the reason is in the file, for people.
    public var blocked: String? {
      guard let preview, result == nil, !skipBad else { return nil }
      if incomplete != nil {
        return "Parts of the export are missing: read every part, or skip what cannot be read."
      }
      let count = preview.failed.count
      guard count > 0 else { return nil }
      return "Nothing is imported while \(count == 1 ? "an entry" : "\(count) entries") cannot be read: "
        + "fix the file, or skip \(count == 1 ? "it" : "them")."
    }

    /// The report as the command line words it, line by line.
    public var reportLines: [String] {
      if let result { return ImportFeature.lines(result, dryRun: false, skipBad: skipBad, refused: false) }
      guard let preview else { return [] }
      let refused = !skipBad && !preview.failed.isEmpty
      return (incomplete.map { ["warning: \($0)"] } ?? [])
        + ImportFeature.lines(preview, dryRun: true, skipBad: skipBad, refused: refused)
    }
  }

  /// What reading a file gave.
  public enum Read: Equatable, Sendable {
    /// Every entry, understood or not.
    case candidates([ImportCandidate])
    /// The file is encrypted (or the password was wrong): ask for it.
    case passwordRequired
    /// The file cannot be read; the sentence says why.
    case failed(String)
  }

  /// What happened.
  public enum Action: Equatable, Sendable {
    case passwordChanged(String)
    case passwordSubmitted
    case fileRead(Read)
    case skipBadChanged(Bool)
    case previewed(ImportReport)
    case importConfirmed
    case imported(ImportReport)
    case failed(DomainError)
  }

  /// Work to do.
  public enum Effect: Equatable, Sendable {
    /// Read the file, with its password when one was typed.
    case read(file: String, password: String?)
    /// Import `candidates` (or only see what would happen, `dryRun`).
    case importAccounts([ImportCandidate], skipBad: Bool, dryRun: Bool)
  }

  /// The first work for a newly chosen file.
  public static func started(_ state: State) -> [Effect] { [.read(file: state.file, password: nil)] }

  /// Pure state transition.
  public static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    switch action {
    case .passwordChanged(let text):
      state.password = text.filter { !$0.isNewline }
      return []
    case .passwordSubmitted:
      guard state.asksPassword, !state.password.isEmpty else { return [] }
      state.message = nil
      return [.read(file: state.file, password: state.password)]
    case .fileRead(.passwordRequired):
      let again = state.asksPassword && !state.password.isEmpty
      state.asksPassword = true
      state.password = ""
      state.message =
        again ? "Wrong password for this file. Try again." : "The file is encrypted: type its password."
      return []
    case .fileRead(.failed(let reason)):
      state.message = reason
      return []
    case .fileRead(.candidates(let candidates)):
      state.asksPassword = false
      state.password = ""
      state.message = nil
      state.candidates = candidates
      state.incomplete = ImportBatch.missingParts(in: candidates)?.description
      return [.importAccounts(candidates, skipBad: state.skipBad, dryRun: true)]
    case .skipBadChanged(let on):
      state.skipBad = on
      guard state.preview != nil, state.result == nil else { return [] }
      return [.importAccounts(state.candidates, skipBad: on, dryRun: true)]
    case .previewed(let report):
      state.preview = report
      if report.added.isEmpty, report.failed.isEmpty {
        state.message = "Nothing new to import: every account is in the vault already."
      }
      return []
    case .importConfirmed:
      guard state.canImport else { return [] }
      return [.importAccounts(state.candidates, skipBad: state.skipBad, dryRun: false)]
    case .imported(let report):
      state.result = report
      state.candidates = []
      state.message = nil
      return []
    case .failed(let error):
      state.message = Messages.text(for: error)
      return []
    }
  }

  /// The report's lines as `twofold import` prints them on standard error.
  public static func lines(_ report: ImportReport, dryRun: Bool, skipBad: Bool, refused: Bool) -> [String] {
    var lines = report.duplicates.map { "duplicate, skipped: \($0)" }
    for failed in report.failed {
      let verb = refused || !skipBad ? "failed" : "skipped"
      lines.append("\(verb): \(failed.label): \(failed.problem ?? "not understood")")
    }
    let added = refused ? 0 : report.added.count
    let verb = dryRun && !refused ? "would import" : "imported"
    lines.append(
      "\(verb) \(Plural.count(added, "account")), \(Plural.count(report.duplicates.count, "duplicate")) skipped, "
        + "\(report.failed.count) failed")
    return lines
  }
}
