/// The member names an object being read already has, so `JSONReader` can drop later
/// duplicates (RFC 8259 §4 leaves them undefined; Twofold keeps the first).
///
/// Short ASCII names are compared by `ShortStringCache.Fingerprint`, after a 64-bit filter
/// rules out most names in one step; other names are compared with `==`. From 16 members on,
/// a set answers, so an object with very many members does not make parsing quadratic.
struct KeyLedger {
  private static let setThreshold = 16
  private var filter: UInt64 = 0
  private var hasNamesWithoutFingerprint = false
  private var manyKeys: Set<String>?

  /// Returns whether no member in `members[base...]` is named `key`, and records `key` as
  /// the name of the member about to be pushed when it is new.
  mutating func admit(
    _ key: String,
    _ fingerprint: ShortStringCache.Fingerprint,
    members: borrowing MoveStack<JSONReader.PendingMember>,
    from base: Int
  ) -> Bool {
    if manyKeys == nil, members.count - base >= Self.setThreshold {
      var keys = Set<String>(minimumCapacity: 2 * Self.setThreshold)
      for index in base..<members.count { keys.insert(members[index].key) }
      manyKeys = keys
    }
    if manyKeys != nil { return manyKeys!.insert(key).inserted }
    guard fingerprint != .none else {
      hasNamesWithoutFingerprint = true
      for index in base..<members.count where members[index].key == key { return false }
      return true
    }
    let bit: UInt64 = 1 << UInt64(fingerprint.slot & 63)
    defer { filter |= bit }
    if filter & bit == 0, !hasNamesWithoutFingerprint { return true }
    for index in base..<members.count {
      let other = members[index].fingerprint
      if other == .none ? members[index].key == key : other == fingerprint { return false }
    }
    return true
  }
}
