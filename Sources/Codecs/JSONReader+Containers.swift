extension JSONReader {
  /// Reads an array (RFC 8259 §5); `index` is at `[`.
  mutating func readArray() throws(JSONError) -> JSONValue {
    try enterContainer()
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array([])
    }
    let base = elements.count
    while true {
      elements.push(try readValue())
      skipWhitespace()
      guard index < bytes.count else { throw JSONError(.unexpectedEnd, at: index) }
      switch bytes[index] {
      case UInt8(ascii: ","):
        index += 1
        skipWhitespace()
      case UInt8(ascii: "]"):
        index += 1
        depth -= 1
        return .array(elements.popAll(from: base) { $0 })
      default:
        throw JSONError(.unexpectedCharacter, at: index)
      }
    }
  }

  /// Reads an object (RFC 8259 §4), keeping the first member of each key; `index` is at `{`.
  mutating func readObject() throws(JSONError) -> JSONValue {
    try enterContainer()
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object(JSONObject(uniqueMembers: []))
    }
    let base = members.count
    var ledger = KeyLedger()
    while true {
      guard index < bytes.count else { throw JSONError(.unexpectedEnd, at: index) }
      guard bytes[index] == UInt8(ascii: "\"") else { throw JSONError(.unexpectedCharacter, at: index) }
      let (key, fingerprint) = try readKey()
      skipWhitespace()
      guard index < bytes.count else { throw JSONError(.unexpectedEnd, at: index) }
      guard bytes[index] == UInt8(ascii: ":") else { throw JSONError(.unexpectedCharacter, at: index) }
      index += 1
      skipWhitespace()
      let value = try readValue()
      if ledger.admit(key, fingerprint, members: members, from: base) {
        members.push(PendingMember(key: key, fingerprint: fingerprint, value: value))
      }
      skipWhitespace()
      guard index < bytes.count else { throw JSONError(.unexpectedEnd, at: index) }
      switch bytes[index] {
      case UInt8(ascii: ","):
        index += 1
        skipWhitespace()
      case UInt8(ascii: "}"):
        index += 1
        depth -= 1
        let popped = members.popAll(from: base) { member in (key: member.key, value: member.value) }
        return .object(JSONObject(uniqueMembers: popped))
      default:
        throw JSONError(.unexpectedCharacter, at: index)
      }
    }
  }

  /// Steps past the opening bracket, refusing to nest deeper than `maximumDepth`.
  private mutating func enterContainer() throws(JSONError) {
    guard depth < JSONParser.maximumDepth else { throw JSONError(.tooDeep, at: index) }
    depth += 1
    index += 1
  }
}
