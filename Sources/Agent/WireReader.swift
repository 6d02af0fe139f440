/// Reads what `WireWriter` wrote, checking every length against what is left, so a malformed
/// message is an error and never a crash or a huge allocation.
struct WireReader {
  /// Why a message could not be read; names the part, never the content.
  struct Malformed: Error, Equatable {
    let reason: String
  }

  private let bytes: [UInt8]
  private var offset: Int

  init(_ bytes: [UInt8], from offset: Int = 0) {
    self.bytes = bytes
    self.offset = offset
  }

  var isAtEnd: Bool { offset == bytes.count }

  private mutating func take(_ count: Int) throws(Malformed) -> ArraySlice<UInt8> {
    guard count >= 0, bytes.count - offset >= count else { throw Malformed(reason: "the message ends early") }
    defer { offset += count }
    return bytes[offset..<offset + count]
  }

  private mutating func byte() throws(Malformed) -> UInt8 { try take(1).first! }

  /// A kind's one-byte tag (`WireWriter.tag`); a byte no case has is malformed, `unknown` saying
  /// what it was to be.
  mutating func tag<Kind: RawRepresentable<UInt8>>(_: Kind.Type, unknown: String) throws(Malformed) -> Kind {
    guard let kind = Kind(rawValue: try byte()) else { throw Malformed(reason: unknown) }
    return kind
  }

  mutating func bool() throws(Malformed) -> Bool {
    switch try byte() {
    case 0: return false
    case 1: return true
    default: throw Malformed(reason: "a flag is neither 0 nor 1")
    }
  }

  mutating func u16() throws(Malformed) -> UInt16 {
    try take(2).reduce(0) { $0 << 8 | UInt16($1) }
  }

  mutating func u32() throws(Malformed) -> UInt32 {
    try take(4).reduce(0) { $0 << 8 | UInt32($1) }
  }

  mutating func u64() throws(Malformed) -> UInt64 {
    try take(8).reduce(0) { $0 << 8 | UInt64($1) }
  }

  mutating func i64() throws(Malformed) -> Int64 { Int64(bitPattern: try u64()) }

  mutating func int() throws(Malformed) -> Int {
    let value = try i64()
    guard let int = Int(exactly: value) else { throw Malformed(reason: "a number is out of range") }
    return int
  }

  mutating func data() throws(Malformed) -> [UInt8] { Array(try take(Int(try u32()))) }

  mutating func string() throws(Malformed) -> String {
    let slice = try take(Int(try u32()))
    guard let text = String(validating: slice, as: UTF8.self) else {
      throw Malformed(reason: "a text is not UTF-8")
    }
    return text
  }

  mutating func strings() throws(Malformed) -> [String] {
    try array { (reader) throws(Malformed) in try reader.string() }
  }

  mutating func optional<Value>(
    _ read: (inout WireReader) throws(Malformed) -> Value
  ) throws(Malformed) -> Value? {
    try bool() ? try read(&self) : nil
  }

  /// An array whose count is checked against the bytes left (each element takes one at least).
  mutating func array<Value>(
    _ read: (inout WireReader) throws(Malformed) -> Value
  ) throws(Malformed) -> [Value] {
    let count = Int(try u32())
    guard count <= bytes.count - offset else { throw Malformed(reason: "a list is longer than the message") }
    var values: [Value] = []
    values.reserveCapacity(count)
    for _ in 0..<count { values.append(try read(&self)) }
    return values
  }

  /// Fails unless every byte was read.
  func finish() throws(Malformed) {
    guard isAtEnd else { throw Malformed(reason: "the message has bytes left over") }
  }
}
