import Codecs
import Domain

/// The sync report as people and scripts read it (CLI.md "Sync"): one line per change, a summary
/// line per source, and the `--json` array, for the command line and the agent's log. Labels
/// and field names only: never a secret.
public enum SyncReportText {
  /// The lines for one source's changes. An account added on both sides under two ids is one
  /// line: the source loses its id and gains ours (counted so, by id), which is one change to it.
  public static func lines(_ source: SyncVault.SourceReport) -> [String] {
    let there = source.isTwoWay ? "the source" : "the backups"
    var lines = source.warnings.map { "warning: \($0)" } + source.notes.map { "note: \($0)" }
    // Each pair is taken once from each of the three counts.
    var replaced = source.isTwoWay ? replacedInSource(source.report.changes) : [:]
    var (added, removed) = (replaced, replaced)
    func take(_ counts: inout [String: Int], _ label: String) -> Bool {
      guard let count = counts[TextFolding.fold(label)], count > 0 else { return false }
      counts[TextFolding.fold(label)] = count - 1
      return true
    }
    for change in source.report.changes {
      switch change {
      case .added(.remote, let label) where take(&added, label): break
      case .removed(.remote, let label) where take(&removed, label): break
      case .sameAccount(let label) where take(&replaced, label):
        lines.append(
          "merged: \(label) was added on both sides under two ids; one kept, the vault's, in the source too")
      default:
        if let line = line(change, there: there, isTwoWay: source.isTwoWay) { lines.append(line) }
      }
    }
    return lines
  }

  /// For each account added on both sides under two ids (by its folded label), how many of them
  /// the source gains under our id and loses under its own: each such pair is said by one line.
  private static func replacedInSource(_ changes: [MergeChange]) -> [String: Int] {
    var same: [String: Int] = [:]
    var added: [String: Int] = [:]
    var removed: [String: Int] = [:]
    for change in changes {
      switch change {
      case .sameAccount(let label): same[TextFolding.fold(label), default: 0] += 1
      case .added(.remote, let label): added[TextFolding.fold(label), default: 0] += 1
      case .removed(.remote, let label): removed[TextFolding.fold(label), default: 0] += 1
      default: break
      }
    }
    var pairs: [String: Int] = [:]
    for (label, count) in same {
      let paired = min(count, added[label] ?? 0, removed[label] ?? 0)
      if paired > 0 { pairs[label] = paired }
    }
    return pairs
  }

  /// The line of one change; nil for a change to a one-way source, which is never written.
  private static func line(_ change: MergeChange, there: String, isTwoWay: Bool) -> String? {
    switch change {
    case .added(.local, let label): return "added to the vault: \(label)"
    case .changed(.local, let label, let fields): return "changed in the vault: \(label) (\(names(fields)))"
    case .removed(.local, let label): return "removed from the vault: \(label)"
    case .added(.remote, let label) where isTwoWay: return "added to the source: \(label)"
    case .changed(.remote, let label, let fields) where isTwoWay:
      return "changed in the source: \(label) (\(names(fields)))"
    case .removed(.remote, let label) where isTwoWay: return "removed from the source: \(label)"
    case .added, .changed, .removed: return nil
    case .conflict(let label, .secret, _):
      return
        "conflict: \(label): the secret changed on both sides; both kept, theirs as a copy noted '(sync conflict)'"
    case .conflict(let label, let field, .theirsKept):
      return "conflict: \(label): \(field.rawValue) changed on both sides; the other device merged first and "
        + "kept its value, which the vault now takes"
    case .conflict(let label, let field, _):
      return "conflict: \(label): \(field.rawValue) changed on both sides; the vault's value kept"
    case .keptAfterDeletion(let label, let side, let fields):
      let deleted = side == .local ? "the vault" : there
      return "kept: \(label): deleted in \(deleted) but changed on the other side (\(names(fields)))"
    case .sameAccount(let label):
      return "merged: \(label) was added on both sides under two ids; one kept"
    }
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
