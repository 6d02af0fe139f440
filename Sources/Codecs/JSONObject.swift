/// A JSON object (RFC 8259 §4) whose members keep the order they were read or added in.
///
/// RFC 8259 leaves duplicate names undefined; Twofold keeps the first member with a given
/// key and drops later ones, both when parsing and in `init(_:)`.
public struct JSONObject: Equatable, Sendable {
  /// The members in order. Keys are unique unless a caller appends a duplicate here
  /// directly, in which case lookups see only the first.
  public var members: [(key: String, value: JSONValue)]

  /// Creates an object from `members` in order, dropping any later duplicate of a key.
  public init(_ members: [(String, JSONValue)] = []) {
    var kept: [(key: String, value: JSONValue)] = []
    kept.reserveCapacity(members.count)
    var seen: Set<String> = []  // filled only for large objects; small ones search `kept`
    for (key, value) in members {
      if kept.count < 16 {
        if kept.contains(where: { $0.key == key }) { continue }
      } else {
        if seen.isEmpty { seen = Set(kept.map(\.key)) }
        guard seen.insert(key).inserted else { continue }
      }
      kept.append((key, value))
    }
    self.members = kept
  }

  /// Wraps members the caller already made unique.
  init(uniqueMembers: [(key: String, value: JSONValue)]) {
    self.members = uniqueMembers
  }

  /// The keys in order.
  public var keys: [String] { members.map(\.key) }

  /// The number of members.
  public var count: Int { members.count }

  /// Whether the object has no members.
  public var isEmpty: Bool { members.isEmpty }

  /// The value of the first member named `key`. Setting replaces that member's value in
  /// place (keeping its position), appends a new member when there is none, and `nil`
  /// removes every member named `key`.
  public subscript(key: String) -> JSONValue? {
    get {
      members.first { $0.key == key }?.value
    }
    set {
      if let newValue {
        if let index = members.firstIndex(where: { $0.key == key }) {
          members[index].value = newValue
        } else {
          members.append((key, newValue))
        }
      } else {
        members.removeAll { $0.key == key }
      }
    }
  }

  /// Objects are equal when they have the same members in the same order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.members.count == rhs.members.count else { return false }
    for (left, right) in zip(lhs.members, rhs.members) {
      guard left.key == right.key, left.value == right.value else { return false }
    }
    return true
  }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
  /// Creates an object with the literal's members in the order written.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(elements)
  }
}
