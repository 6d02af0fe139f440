/// A value of the D-Bus wire format (the D-Bus specification, "Type System" and "Marshaling"),
/// as much of it as the Secret Service's calls need: no integers wider than 32 bits, no doubles,
/// no file descriptors.
indirect enum DBusValue: Equatable, Sendable {
  case byte(UInt8)
  case boolean(Bool)
  case int32(Int32)
  case uint32(UInt32)
  case string(String)
  case objectPath(String)
  case signature(String)
  case variant(DBusValue)
  /// An array of bytes (`ay`), kept as bytes so a secret can be wiped.
  case bytes([UInt8])
  /// An array of values of one element type (`a` and that type's signature).
  case array(String, [DBusValue])
  case structure([DBusValue])
  case dictEntry(DBusValue, DBusValue)

  /// The value's type signature.
  var signature: String {
    switch self {
    case .byte: "y"
    case .boolean: "b"
    case .int32: "i"
    case .uint32: "u"
    case .string: "s"
    case .objectPath: "o"
    case .signature: "g"
    case .variant: "v"
    case .bytes: "ay"
    case .array(let element, _): "a" + element
    case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
    case .dictEntry(let key, let value): "{" + key.signature + value.signature + "}"
    }
  }

  /// The text of a string, object path or signature; nil for other values.
  var text: String? {
    switch self {
    case .string(let text), .objectPath(let text), .signature(let text): text
    default: nil
    }
  }

  /// A string-to-string dictionary (`a{ss}`), as the Secret Service's attributes are.
  static func attributes(_ pairs: [(String, String)]) -> DBusValue {
    .array("{ss}", pairs.map { .dictEntry(.string($0.0), .string($0.1)) })
  }

  /// The alignment of the type whose signature starts with `code`.
  static func alignment(of code: UInt8) -> Int {
    switch code {
    case UInt8(ascii: "y"), UInt8(ascii: "g"), UInt8(ascii: "v"): 1
    case UInt8(ascii: "n"), UInt8(ascii: "q"): 2
    case UInt8(ascii: "x"), UInt8(ascii: "t"), UInt8(ascii: "d"), UInt8(ascii: "("), UInt8(ascii: "{"): 8
    default: 4
    }
  }
}

/// Marshals values in little-endian order; offsets count from the message's first byte.
struct DBusWriter {
  /// The bytes written.
  var bytes: [UInt8] = []

  mutating func align(_ boundary: Int) {
    while bytes.count % boundary != 0 { bytes.append(0) }
  }

  mutating func uint32(_ value: UInt32) {
    align(4)
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func write(_ value: DBusValue) {
    switch value {
    case .byte(let byte): bytes.append(byte)
    case .boolean(let flag): uint32(flag ? 1 : 0)
    case .int32(let number): uint32(UInt32(bitPattern: number))
    case .uint32(let number): uint32(number)
    case .string(let text), .objectPath(let text):
      let utf8 = Array(text.utf8)
      uint32(UInt32(utf8.count))
      bytes.append(contentsOf: utf8)
      bytes.append(0)
    case .signature(let text):
      let utf8 = Array(text.utf8)
      bytes.append(UInt8(utf8.count))
      bytes.append(contentsOf: utf8)
      bytes.append(0)
    case .variant(let inner):
      write(.signature(inner.signature))
      write(inner)
    case .bytes(let content):
      uint32(UInt32(content.count))
      bytes.append(contentsOf: content)
    case .array(let element, let items):
      uint32(0)
      let lengthAt = bytes.count - 4
      align(DBusValue.alignment(of: element.utf8.first ?? 0))
      let start = bytes.count
      for item in items { write(item) }
      let length = UInt32(bytes.count - start).littleEndian
      withUnsafeBytes(of: length) { bytes.replaceSubrange(lengthAt..<lengthAt + 4, with: $0) }
    case .structure(let fields):
      align(8)
      for field in fields { write(field) }
    case .dictEntry(let key, let value):
      align(8)
      write(key)
      write(value)
    }
  }
}

/// Unmarshals values by their signature; offsets count from the message's first byte.
struct DBusReader {
  /// The message is malformed or uses a type this reader does not know.
  struct Malformed: Error {
    let reason: String
  }

  let bytes: [UInt8]
  var offset: Int
  let littleEndian: Bool

  /// Reads one value of each complete type in `signature`.
  mutating func values(_ signature: String) throws(Malformed) -> [DBusValue] {
    let codes = Array(signature.utf8)
    var index = 0
    var values: [DBusValue] = []
    while index < codes.count { values.append(try value(codes, &index)) }
    return values
  }

  private mutating func align(_ boundary: Int) throws(Malformed) {
    offset = (offset + boundary - 1) / boundary * boundary
    guard offset <= bytes.count else { throw Malformed(reason: "the message ends early") }
  }

  private mutating func take(_ count: Int) throws(Malformed) -> ArraySlice<UInt8> {
    guard count >= 0, offset + count <= bytes.count else { throw Malformed(reason: "the message ends early") }
    defer { offset += count }
    return bytes[offset..<offset + count]
  }

  mutating func uint32() throws(Malformed) -> UInt32 {
    try align(4)
    let raw = try take(4)
    let value = raw.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    return littleEndian ? value : value.byteSwapped
  }

  private mutating func text(length: Int) throws(Malformed) -> String {
    let content = try take(length)
    guard try take(1).first == 0 else { throw Malformed(reason: "a string is not terminated") }
    return String(decoding: content, as: UTF8.self)
  }

  /// The index just past the complete type starting at `index`.
  static func endOfType(_ codes: [UInt8], _ index: Int) throws(Malformed) -> Int {
    guard index < codes.count else { throw Malformed(reason: "an incomplete signature") }
    switch codes[index] {
    case UInt8(ascii: "a"): return try endOfType(codes, index + 1)
    case UInt8(ascii: "("), UInt8(ascii: "{"):
      var next = index + 1
      while next < codes.count, codes[next] != UInt8(ascii: ")"), codes[next] != UInt8(ascii: "}") {
        next = try endOfType(codes, next)
      }
      guard next < codes.count else { throw Malformed(reason: "an unclosed structure in a signature") }
      return next + 1
    default: return index + 1
    }
  }

  private mutating func value(_ codes: [UInt8], _ index: inout Int) throws(Malformed) -> DBusValue {
    guard index < codes.count else { throw Malformed(reason: "an incomplete signature") }
    let code = codes[index]
    index += 1
    switch code {
    case UInt8(ascii: "y"): return .byte(try take(1).first!)
    case UInt8(ascii: "b"): return .boolean(try uint32() != 0)
    case UInt8(ascii: "i"): return .int32(Int32(bitPattern: try uint32()))
    case UInt8(ascii: "u"): return .uint32(try uint32())
    case UInt8(ascii: "s"): return .string(try text(length: Int(try uint32())))
    case UInt8(ascii: "o"): return .objectPath(try text(length: Int(try uint32())))
    case UInt8(ascii: "g"): return .signature(try text(length: Int(try take(1).first!)))
    case UInt8(ascii: "v"):
      let inner = Array(try text(length: Int(try take(1).first!)).utf8)
      var innerIndex = 0
      let content = try value(inner, &innerIndex)
      guard innerIndex == inner.count else { throw Malformed(reason: "a variant holds more than one value") }
      return .variant(content)
    case UInt8(ascii: "a"):
      let length = Int(try uint32())
      let elementEnd = try Self.endOfType(codes, index)
      if codes[index] == UInt8(ascii: "y"), elementEnd == index + 1 {
        index = elementEnd
        return .bytes(Array(try take(length)))
      }
      try align(DBusValue.alignment(of: codes[index]))
      let end = offset + length
      guard end <= bytes.count else { throw Malformed(reason: "an array runs past the message") }
      var items: [DBusValue] = []
      while offset < end {
        var elementIndex = index
        items.append(try value(codes, &elementIndex))
      }
      let element = String(decoding: codes[index..<elementEnd], as: UTF8.self)
      index = elementEnd
      return .array(element, items)
    case UInt8(ascii: "("):
      try align(8)
      var fields: [DBusValue] = []
      while index < codes.count, codes[index] != UInt8(ascii: ")") { fields.append(try value(codes, &index)) }
      index += 1
      return .structure(fields)
    case UInt8(ascii: "{"):
      try align(8)
      let key = try value(codes, &index)
      let content = try value(codes, &index)
      guard index < codes.count, codes[index] == UInt8(ascii: "}") else {
        throw Malformed(reason: "a dictionary entry of more than two values")
      }
      index += 1
      return .dictEntry(key, content)
    default:
      throw Malformed(reason: "the type '\(Character(Unicode.Scalar(code)))' is not read here")
    }
  }
}
