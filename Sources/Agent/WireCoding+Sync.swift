import Domain

extension WireWriter {
  mutating func side(_ side: MergeSide) { byte(side == .local ? 0 : 1) }

  mutating func fields(_ fields: [MergeField]) { strings(fields.map(\.rawValue)) }

  mutating func counts(_ counts: MergeReport.Counts) {
    int(counts.added)
    int(counts.changed)
    int(counts.removed)
  }

  mutating func mergeChange(_ change: MergeChange) {
    switch change {
    case .added(let side, let label):
      byte(1)
      self.side(side)
      string(label)
    case .changed(let side, let label, let fields):
      byte(2)
      self.side(side)
      string(label)
      self.fields(fields)
    case .removed(let side, let label):
      byte(3)
      self.side(side)
      string(label)
    case .conflict(let label, let field, let resolution):
      byte(4)
      string(label)
      string(field.rawValue)
      bool(resolution == .bothKept)
    case .keptAfterDeletion(let label, let side, let fields):
      byte(5)
      string(label)
      self.side(side)
      self.fields(fields)
    case .sameAccount(let label):
      byte(6)
      string(label)
    }
  }

  mutating func sourceReport(_ source: SyncVault.SourceReport) {
    string(source.source)
    bool(source.isTwoWay)
    array(source.report.changes) { $0.mergeChange($1) }
    counts(source.report.local)
    counts(source.report.remote)
    int(source.report.conflicts)
    strings(source.notes)
    strings(source.warnings)
  }
}

extension WireReader {
  mutating func side() throws(Malformed) -> MergeSide {
    switch try byte() {
    case 0: return .local
    case 1: return .remote
    default: throw Malformed(reason: "an unknown side")
    }
  }

  mutating func field() throws(Malformed) -> MergeField {
    guard let field = MergeField(rawValue: try string()) else { throw Malformed(reason: "an unknown field") }
    return field
  }

  mutating func fields() throws(Malformed) -> [MergeField] {
    try array { (reader) throws(Malformed) in try reader.field() }
  }

  mutating func counts() throws(Malformed) -> MergeReport.Counts {
    MergeReport.Counts(added: try int(), changed: try int(), removed: try int())
  }

  mutating func mergeChange() throws(Malformed) -> MergeChange {
    switch try byte() {
    case 1: return .added(try side(), label: try string())
    case 2: return .changed(try side(), label: try string(), fields: try fields())
    case 3: return .removed(try side(), label: try string())
    case 4:
      return .conflict(
        label: try string(), field: try field(), resolution: try bool() ? .bothKept : .oursKept)
    case 5: return .keptAfterDeletion(label: try string(), deletedOn: try side(), changed: try fields())
    case 6: return .sameAccount(label: try string())
    default: throw Malformed(reason: "an unknown sync change")
    }
  }

  mutating func sourceReport() throws(Malformed) -> SyncVault.SourceReport {
    let source = try string()
    let isTwoWay = try bool()
    let changes = try array { (reader) throws(Malformed) in try reader.mergeChange() }
    let report = MergeReport(
      changes: changes, local: try counts(), remote: try counts(), conflicts: try int())
    return SyncVault.SourceReport(
      source: source, isTwoWay: isTwoWay, report: report, notes: try strings(), warnings: try strings())
  }
}
