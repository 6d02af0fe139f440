/// Tracks which keys an object being built already has, so later duplicates can be dropped.
///
/// Small objects (the usual case) are searched linearly; past `setThreshold` members a set
/// takes over, so hostile input with many keys cannot make parsing quadratic.
struct UniqueKeys {
  private static let setThreshold = 16
  private var seen: Set<String>?

  /// Returns whether `key` is new among `members` (the members kept so far) and records it.
  mutating func insertIfNew(
    _ key: String,
    among members: ArraySlice<(key: String, value: JSONValue)>
  ) -> Bool {
    if seen == nil {
      if members.count < Self.setThreshold {
        return !members.contains { $0.key == key }
      }
      seen = Set(members.map(\.key))
    }
    return seen!.insert(key).inserted
  }
}
