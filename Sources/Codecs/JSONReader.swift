/// The state of one `JSONParser.parse` call: a cursor over the input and reusable storage.
struct JSONReader: ~Copyable {
  /// A member read but not yet moved into its finished object.
  struct PendingMember {
    var key: String
    /// The key's `ShortStringCache.Fingerprint`, or `.none` if it is long, non-ASCII or escaped.
    var fingerprint: ShortStringCache.Fingerprint
    var value: JSONValue
  }

  /// The whole input.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The offset of the next byte to read.
  var index = 0
  /// How many arrays and objects enclose the value being read.
  var depth = 0
  /// Reused storage for strings whose escapes must be decoded.
  var scratch: [UInt8] = []
  /// Elements of the arrays being read, innermost last.
  var elements = MoveStack<JSONValue>(capacity: 16)
  /// Members of the objects being read, innermost last.
  var members = MoveStack<PendingMember>(capacity: 16)
  /// Strings the document repeats.
  var shortStrings: ShortStringCache

  /// Creates a reader at the start of `bytes`.
  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    self.shortStrings = ShortStringCache(isEnabled: bytes.count >= 4096)
  }

  /// Reads the single value that must make up the whole input, after an optional BOM.
  mutating func readDocument() throws(JSONError) -> JSONValue {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    skipWhitespace()
    let value = try readValue()
    skipWhitespace()
    guard index == bytes.count else { throw JSONError(.trailingData, at: index) }
    return value
  }

  /// Reads the value that starts at `index` (whitespace already skipped).
  mutating func readValue() throws(JSONError) -> JSONValue {
    guard index < bytes.count else { throw JSONError(.unexpectedEnd, at: index) }
    switch bytes[index] {
    case UInt8(ascii: "\""): return .string(try readString())
    case UInt8(ascii: "{"): return try readObject()
    case UInt8(ascii: "["): return try readArray()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
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

  private mutating func readNumber() throws(JSONError) -> JSONNumber {
    let start = index
    index = try JSONNumber.scanLiteral(in: bytes, from: start)
    return JSONNumber(validatedText: asciiString(start..<index))
  }

  /// The ASCII bytes in `range` as a string, reusing a cached one for short strings.
  @inline(__always)
  mutating func asciiString(_ range: Range<Int>) -> String {
    guard range.count <= ShortStringCache.maximumLength else {
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
    let fingerprint = ShortStringCache.Fingerprint(bytes, range)
    return shortStrings.string(for: fingerprint, bytes, range)
  }

  /// The eight bytes at `offset` (which must leave eight bytes to read), byte 0 lowest.
  @inline(__always)
  func word(at offset: Int) -> UInt64 { ByteWord.load(bytes, at: offset) }

  /// Advances past JSON whitespace (RFC 8259 §2: space, tab, line feed, carriage return).
  @inline(__always)
  mutating func skipWhitespace() {
    // Indentation comes in long runs of spaces: skip eight at a time first.
    while index + 8 <= bytes.count, word(at: index) == 0x2020_2020_2020_2020 { index += 8 }
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
      default: return
      }
    }
  }
}
