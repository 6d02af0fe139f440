extension JSONParser {
  /// Reads an array (RFC 8259 §5); `index` is at `[`.
  mutating func parseArray() throws(JSONError) -> JSONValue {
    try enterContainer()
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array([])
    }
    let base = elementStack.count
    while true {
      let element = try parseValue()
      elementStack.append(element)
      skipWhitespace()
      guard index < bytes.count else { throw JSONError(.unexpectedEnd, at: index) }
      switch bytes[index] {
      case UInt8(ascii: ","):
        index += 1
        skipWhitespace()
      case UInt8(ascii: "]"):
        index += 1
        depth -= 1
        return .array(elementStack.moveOut(from: base, leaving: .null))
      default:
        throw JSONError(.unexpectedCharacter, at: index)
      }
    }
  }

  /// Reads an object (RFC 8259 §4), keeping the first member of each key; `index` is at `{`.
  mutating func parseObject() throws(JSONError) -> JSONValue {
    try enterContainer()
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object(JSONObject(uniqueMembers: []))
    }
    let base = memberStack.count
    var uniqueKeys = UniqueKeys()
    while true {
      guard index < bytes.count else { throw JSONError(.unexpectedEnd, at: index) }
      guard bytes[index] == UInt8(ascii: "\"") else { throw JSONError(.unexpectedCharacter, at: index) }
      let key = try parseString()
      skipWhitespace()
      guard index < bytes.count else { throw JSONError(.unexpectedEnd, at: index) }
      guard bytes[index] == UInt8(ascii: ":") else { throw JSONError(.unexpectedCharacter, at: index) }
      index += 1
      skipWhitespace()
      let value = try parseValue()
      if uniqueKeys.insertIfNew(key, among: memberStack, from: base) { memberStack.append((key, value)) }
      skipWhitespace()
      guard index < bytes.count else { throw JSONError(.unexpectedEnd, at: index) }
      switch bytes[index] {
      case UInt8(ascii: ","):
        index += 1
        skipWhitespace()
      case UInt8(ascii: "}"):
        index += 1
        depth -= 1
        return .object(JSONObject(uniqueMembers: memberStack.moveOut(from: base, leaving: ("", .null))))
      default:
        throw JSONError(.unexpectedCharacter, at: index)
      }
    }
  }

  /// Steps past the opening bracket, refusing to nest deeper than `maximumDepth`.
  private mutating func enterContainer() throws(JSONError) {
    guard depth < Self.maximumDepth else { throw JSONError(.tooDeep, at: index) }
    depth += 1
    index += 1
  }
}
