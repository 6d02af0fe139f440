import Codecs
import Domain

/// The sync report as people and scripts read it (CLI.md "Sync"): one line per change, a summary
/// line per source, and the `--json` array, for the command line and the agent's log. Labels
/// and field names only: never a secret.
public enum SyncReportText {
  /// The lines for one source's changes.
  public static func lines(_ source: SyncVault.SourceReport) -> [String] {
    let there = source.isTwoWay ? "the source" : "the backups"
    var lines = source.warnings.map { "warning: \($0)" } + source.notes.map { "note: \($0)" }
    for change in source.report.changes {
      switch change {
      case .added(.local, let label): lines.append("added to the vault: \(label)")
      case .changed(.local, let label, let fields):
        lines.append("changed in the vault: \(label) (\(names(fields)))")
      case .removed(.local, let label): lines.append("removed from the vault: \(label)")
      case .added(.remote, let label) where source.isTwoWay: lines.append("added to the source: \(label)")
      case .changed(.remote, let label, let fields) where source.isTwoWay:
        lines.append("changed in the source: \(label) (\(names(fields)))")
      case .removed(.remote, let label) where source.isTwoWay:
        lines.append("removed from the source: \(label)")
      case .added, .changed, .removed: break
      case .conflict(let label, .secret, _):
        lines.append(
          "conflict: \(label): the secret changed on both sides; both kept, theirs as a copy noted '(sync conflict)'"
        )
      case .conflict(let label, let field, _):
        lines.append("conflict: \(label): \(field.rawValue) changed on both sides; the vault's value kept")
      case .keptAfterDeletion(let label, let side, let fields):
        let deleted = side == .local ? "the vault" : there
        lines.append("kept: \(label): deleted in \(deleted) but changed on the other side (\(names(fields)))")
      case .sameAccount(let label):
        lines.append("merged: \(label) was added on both sides under two ids; one kept")
      }
    }
    return lines
  }

  /// One summary line.
  public static func summary(_ source: SyncVault.SourceReport, dryRun: Bool) -> String {
    let report = source.report
    let local = counts(report.local)
    let head = dryRun ? "would sync" : "synced"
    let remote = source.isTwoWay ? "; the source \(counts(report.remote))" : ""
    let conflicts = Plural.count(report.conflicts, "conflict")
    return "\(head) \(source.source): the vault \(local)\(remote); \(conflicts)"
  }

  /// The `--json` array.
  public static func json(_ sources: [SyncVault.SourceReport]) -> String {
    func object(_ counts: MergeReport.Counts) -> JSONValue {
      .object(
        JSONObject([
          ("added", .number(JSONNumber(Int64(counts.added)))),
          ("changed", .number(JSONNumber(Int64(counts.changed)))),
          ("removed", .number(JSONNumber(Int64(counts.removed)))),
        ]))
    }
    let items = sources.map { source in
      JSONValue.object(
        JSONObject([
          ("source", .string(source.source)), ("local", object(source.report.local)),
          ("remote", object(source.isTwoWay ? source.report.remote : MergeReport.Counts())),
          ("conflicts", .number(JSONNumber(Int64(source.report.conflicts)))),
        ]))
    }
    return JSONValue.array(items).serializedString() + "\n"
  }

  private static func counts(_ counts: MergeReport.Counts) -> String {
    "\(counts.added) added, \(counts.changed) changed, \(counts.removed) removed"
  }

  private static func names(_ fields: [MergeField]) -> String {
    fields.map(\.rawValue).joined(separator: ", ")
  }
}
