extension ImportBatch {
  /// The parts missing from the multi-part exports among `candidates` (1-based), per batch.
  public static func missingParts(in candidates: [ImportCandidate]) -> ImportError? {
    let batches = Dictionary(grouping: candidates.compactMap(\.batch), by: \.id)
    for (_, parts) in batches.sorted(by: { $0.key < $1.key }) {
      let size = parts.map(\.size).max() ?? 1
      let present = Set(parts.map(\.index))
      let missing = (0..<size).filter { !present.contains($0) }.map { $0 + 1 }
      if !missing.isEmpty { return .incompleteBatch(missing: missing, size: size) }
    }
    return nil
  }
}
