/// What a merge did, per account and in numbers (sync.md "The report's counts").
public struct MergeReport: Hashable, Sendable {
  /// How many accounts a side gains, loses or sees changed, by UUID.
  public struct Counts: Hashable, Sendable {
    /// In the result only.
    public var added: Int
    /// In the result and that side, with a field different (groups by name).
    public var changed: Int
    /// On that side before the sync only.
    public var removed: Int

    /// Creates counts.
    public init(added: Int = 0, changed: Int = 0, removed: Int = 0) {
      self.added = added
      self.changed = changed
      self.removed = removed
    }

    /// Whether nothing was added, changed or removed.
    public var isZero: Bool { added == 0 && changed == 0 && removed == 0 }
  }

  /// One entry per change, in the result's order, then the removals (ours, then theirs).
  public var changes: [MergeChange]
  /// The result against ours as it was before the sync.
  public var local: Counts
  /// The result against theirs as it was before the sync.
  public var remote: Counts
  /// How many fields were resolved as conflicts.
  public var conflicts: Int

  /// Creates a report.
  public init(
    changes: [MergeChange] = [], local: Counts = Counts(), remote: Counts = Counts(), conflicts: Int = 0
  ) {
    self.changes = changes
    self.local = local
    self.remote = remote
    self.conflicts = conflicts
  }

  /// Whether the merge changed nothing on either side.
  public var isEmpty: Bool { changes.isEmpty && local.isZero && remote.isZero && conflicts == 0 }
}
