/// One of the two vaults a sync merges: the local vault ("ours") or the source ("theirs").
public enum MergeSide: String, Hashable, Sendable {
  /// The local vault: ours.
  case local
  /// The source synced with: theirs.
  case remote
}
