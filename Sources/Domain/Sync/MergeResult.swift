/// What a three-way merge gives: the merged contents and the report of what it did.
public struct MergeResult: Hashable, Sendable {
  /// The merged vault contents, for both sides (and the next base of a two-way source).
  public var contents: VaultContents
  /// What the merge did.
  public var report: MergeReport
  /// The accounts and fields whose conflict kept our value over theirs (not the secret, whose
  /// conflict keeps both).
  public var oursKept: [KeptField] = []

  /// An account's field, by UUID.
  public struct KeptField: Hashable, Sendable {
    /// The account.
    public let account: Account.ID
    /// The field.
    public let field: MergeField
  }

  /// Pairs contents with their report.
  public init(contents: VaultContents, report: MergeReport) {
    self.contents = contents
    self.report = report
  }
}
