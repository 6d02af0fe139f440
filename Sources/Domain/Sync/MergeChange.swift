/// One line of a sync report: what a merge did to one account, named by its label. A change never
/// carries a secret.
public enum MergeChange: Hashable, Sendable {
  /// How a conflict was resolved (sync.md "Conflicts and deletions").
  public enum Resolution: Hashable, Sendable {
    /// Our value was kept: every field but the secret.
    case oursKept
    /// Both accounts were kept, theirs as a copy under a fresh UUID: the secret.
    case bothKept
    /// Their value was kept: the other device merged first and kept its own value over ours,
    /// which this device now takes (the version merged in says so).
    case theirsKept
  }

  /// An account the sync adds to that side.
  case added(MergeSide, label: String)
  /// An account of that side whose fields the sync changes.
  case changed(MergeSide, label: String, fields: [MergeField])
  /// An account the sync removes from that side.
  case removed(MergeSide, label: String)
  /// A field both sides changed differently since the base.
  case conflict(label: String, field: MergeField, resolution: Resolution)
  /// An account one side deleted that stays because the other side changed these fields.
  case keptAfterDeletion(label: String, deletedOn: MergeSide, changed: [MergeField])
  /// An account both sides added under different UUIDs: one entry is kept, ours.
  case sameAccount(label: String)
}
