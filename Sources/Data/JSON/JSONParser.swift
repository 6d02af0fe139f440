/// A strict RFC 8259 JSON parser that reads UTF-8 bytes straight from a buffer.
///
/// Rejects everything the RFC does not allow: invalid UTF-8 (RFC 3629), raw control
/// characters in strings, unpaired surrogates in `\u` escapes, numbers outside the §6
/// grammar, trailing commas and anything but whitespace after the value. A leading UTF-8
/// byte order mark is skipped. Nesting is limited to `maximumDepth`, so hostile input cannot
/// exhaust the stack. Errors carry only a kind and a byte offset, never input content.
public struct JSONParser {
  /// The deepest nesting of arrays and objects accepted; one level deeper is `.tooDeep`.
  public static let maximumDepth = 256

  /// Parses one JSON document from its UTF-8 bytes.
  public static func parse(_ bytes: some Collection<UInt8>) throws(JSONError) -> JSONValue {
    let result = bytes.withContiguousStorageIfAvailable { buffer in
      Result { () throws(JSONError) in try parse(buffer: buffer) }
    }
    if let result { return try result.get() }
    return try Array(bytes).withUnsafeBufferPointer { buffer in
      Result { () throws(JSONError) in try parse(buffer: buffer) }
    }.get()
  }

  private static func parse(buffer: UnsafeBufferPointer<UInt8>) throws(JSONError) -> JSONValue {
    var parser = JSONParser(bytes: buffer)
    return try parser.parseDocument()
  }

  /// The whole input.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The offset of the next byte to read.
  var index = 0
  /// How many arrays and objects enclose the value being read.
  var depth = 0
  /// Reused storage for strings whose escapes must be decoded.
  var scratch: [UInt8] = []
  /// Elements of the arrays being read, innermost last; each array is copied out once, at
  /// its exact size, instead of growing its own storage step by step.
  var elementStack: [JSONValue] = []
  /// Members of the objects being read, innermost last, like `elementStack`.
  var memberStack: [(key: String, value: JSONValue)] = []

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  private mutating func parseDocument() throws(JSONError) -> JSONValue {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    guard index == bytes.count else { throw JSONError(.trailingData, at: index) }
    return value
  }

  /// Reads the value that starts at `index` (whitespace already skipped).
  mutating func parseValue() throws(JSONError) -> JSONValue {
    guard index < bytes.count else { throw JSONError(.unexpectedEnd, at: index) }
    switch bytes[index] {
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    default: throw JSONError(.unexpectedCharacter, at: index)
    }
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(JSONError) {
    for expected in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
      guard index < bytes.count else { throw JSONError(.unexpectedEnd, at: index) }
      guard bytes[index] == expected else { throw JSONError(.unexpectedCharacter, at: index) }
      index += 1
    }
  }

  private mutating func parseNumber() throws(JSONError) -> JSONNumber {
    let start = index
    index = try JSONNumber.scanLiteral(in: bytes, from: start)
    return JSONNumber(validatedText: text(from: start, to: index))
  }

  /// The bytes `start..<end` as a string; the caller has checked they are valid UTF-8.
  @inline(__always)
  func text(from start: Int, to end: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
  }

  /// Advances past JSON whitespace (RFC 8259 §2: space, tab, line feed, carriage return).
  @inline(__always)
  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
      default: return
      }
    }
  }
}
