/// Tracks which keys an object being built already has, so later duplicates can be dropped.
///
/// Small objects (the usual case) are searched linearly; past `setThreshold` members a set
/// takes over, so hostile input with many keys cannot make parsing quadratic.
struct UniqueKeys {
  private static let setThreshold = 16
  private var seen: Set<String>?

  /// Returns whether `key` is new among `members[base...]` (the members kept so far) and
  /// records it.
  mutating func insertIfNew(
    _ key: String,
    among members: [(key: String, value: JSONValue)],
    from base: Int
  ) -> Bool {
    if seen == nil {
      let count = members.count - base
      if count < Self.setThreshold {
        // Compares in place: copying members out would retain and release each key and value.
        return members.withUnsafeBufferPointer { buffer in
          for index in base..<buffer.count where buffer[index].key == key { return false }
          return true
        }
      }
      seen = Set(members[base...].map(\.key))
    }
    return seen!.insert(key).inserted
  }
}
