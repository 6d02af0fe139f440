import Domain

extension WireWriter {
  mutating func side(_ side: MergeSide) { tag(side == .local ? SideKind.local : .remote) }

  mutating func fields(_ fields: [MergeField]) { strings(fields.map(\.rawValue)) }

  mutating func counts(_ counts: MergeReport.Counts) {
    int(counts.added)
    int(counts.changed)
    int(counts.removed)
  }

  mutating func mergeChange(_ change: MergeChange) {
    switch change {
    case .added(let side, let label):
      tag(MergeChangeKind.added)
      self.side(side)
      string(label)
    case .changed(let side, let label, let fields):
      tag(MergeChangeKind.changed)
      self.side(side)
      string(label)
      self.fields(fields)
    case .removed(let side, let label):
      tag(MergeChangeKind.removed)
      self.side(side)
      string(label)
    case .conflict(let label, let field, let resolution):
      tag(MergeChangeKind.conflict)
      string(label)
      string(field.rawValue)
      tag(ResolutionKind(resolution))
    case .keptAfterDeletion(let label, let side, let fields):
      tag(MergeChangeKind.keptAfterDeletion)
      string(label)
      self.side(side)
      self.fields(fields)
    case .sameAccount(let label):
      tag(MergeChangeKind.sameAccount)
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
    switch try tag(SideKind.self, unknown: "an unknown side") {
    case .local: return .local
    case .remote: return .remote
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
    switch try tag(MergeChangeKind.self, unknown: "an unknown sync change") {
    case .added: return .added(try side(), label: try string())
    case .changed: return .changed(try side(), label: try string(), fields: try fields())
    case .removed: return .removed(try side(), label: try string())
    case .conflict:
      return .conflict(
        label: try string(), field: try field(),
        resolution: try tag(ResolutionKind.self, unknown: "an unknown conflict resolution").resolution)
    case .keptAfterDeletion:
      return .keptAfterDeletion(label: try string(), deletedOn: try side(), changed: try fields())
    case .sameAccount: return .sameAccount(label: try string())
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

/// The sides of a merge, as their tag byte.
enum SideKind: UInt8 {
  case local = 0
  case remote
}

/// The kinds of `MergeChange`, as their tag byte: one list for encoding and decoding.
enum MergeChangeKind: UInt8 {
  case added = 1
  case changed, removed, conflict, keptAfterDeletion, sameAccount
}

/// How a conflict was resolved, on the wire.
enum ResolutionKind: UInt8 {
  case oursKept = 0
  case bothKept, theirsKept

  init(_ resolution: MergeChange.Resolution) {
    switch resolution {
    case .oursKept: self = .oursKept
    case .bothKept: self = .bothKept
    case .theirsKept: self = .theirsKept
    }
  }

  var resolution: MergeChange.Resolution {
    switch self {
    case .oursKept: .oursKept
    case .bothKept: .bothKept
    case .theirsKept: .theirsKept
    }
  }
}
