/// A reader of the protobuf wire format (varints, length-delimited and fixed fields), enough
/// for Google Authenticator's migration payload. Every read is bounds-checked.
struct ProtobufReader {
  enum Failure: Error, Equatable { case truncated, malformed }

  /// A field as read: its number and its value.
  enum Value: Equatable {
    case varint(UInt64)
    case bytes([UInt8])
    case fixed64(UInt64)
    case fixed32(UInt32)
  }

  private let bytes: [UInt8]
  private var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The next field, or nil at the end.
  mutating func next() throws(Failure) -> (field: Int, value: Value)? {
    guard offset < bytes.count else { return nil }
    let key = try varint()
    let field = Int(truncatingIfNeeded: key >> 3)
    guard field > 0 else { throw .malformed }
    switch key & 7 {
    case 0: return (field, .varint(try varint()))
    case 1: return (field, .fixed64(UInt64(littleEndianBytes: try take(8))))
    case 2:
      let length = try varint()
      guard length <= UInt64(bytes.count - offset) else { throw .truncated }
      return (field, .bytes(try take(Int(length))))
    case 5: return (field, .fixed32(UInt32(truncatingIfNeeded: UInt64(littleEndianBytes: try take(4)))))
    default: throw .malformed
    }
  }

  private mutating func varint() throws(Failure) -> UInt64 {
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      guard offset < bytes.count else { throw .truncated }
      let byte = bytes[offset]
      offset += 1
      guard shift < 64 else { throw .malformed }
      result |= UInt64(byte & 0x7f) << shift
      if byte & 0x80 == 0 { return result }
      shift += 7
    }
  }

  private mutating func take(_ count: Int) throws(Failure) -> [UInt8] {
    guard count <= bytes.count - offset else { throw .truncated }
    defer { offset += count }
    return Array(bytes[offset..<offset + count])
  }
}

/// Writes the protobuf wire format, for exporting Google Authenticator transfer codes.
struct ProtobufWriter {
  private(set) var bytes: [UInt8] = []

  mutating func varint(_ field: Int, _ value: UInt64) {
    key(field, 0)
    raw(value)
  }

  mutating func bytes(_ field: Int, _ value: [UInt8]) {
    key(field, 2)
    raw(UInt64(value.count))
    bytes += value
  }

  private mutating func key(_ field: Int, _ type: UInt64) { raw(UInt64(field) << 3 | type) }

  private mutating func raw(_ value: UInt64) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(value & 0x7f) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }
}

extension UInt64 {
  init(littleEndianBytes bytes: [UInt8]) {
    self = bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
  }
}
