/// What a three-way merge gives: the merged contents and the report of what it did.
public struct MergeResult: Hashable, Sendable {
  /// The merged vault contents, for both sides (and the next base of a two-way source).
  public var contents: VaultContents
  /// What the merge did.
  public var report: MergeReport

  /// Pairs contents with their report.
  public init(contents: VaultContents, report: MergeReport) {
    self.contents = contents
    self.report = report
  }
}
