/// Writes the agent protocol's values: big-endian integers, length-prefixed bytes and UTF-8
/// text, optionals behind a presence byte. A request may carry a key or a new account's secret:
/// whoever sends its `bytes` wipes them after (`AgentClient.send`, `UnixSocket.send`).
struct WireWriter {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

  private mutating func byte(_ value: UInt8) { bytes.append(value) }

  /// The one-byte tag of a kind (a request, an answer, a change, an error…), from the kind's own
  /// enum, which decoding reads back with `WireReader.tag`.
  mutating func tag<Kind: RawRepresentable<UInt8>>(_ kind: Kind) { byte(kind.rawValue) }

  mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

  mutating func u16(_ value: UInt16) {
    bytes.append(UInt8(value >> 8))
    bytes.append(UInt8(value & 0xff))
  }

  mutating func u32(_ value: UInt32) {
    for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8((value >> UInt32(shift)) & 0xff)) }
  }

  mutating func u64(_ value: UInt64) {
    for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8((value >> UInt64(shift)) & 0xff)) }
  }

  mutating func i64(_ value: Int64) { u64(UInt64(bitPattern: value)) }

  mutating func int(_ value: Int) { i64(Int64(value)) }

  mutating func data(_ value: [UInt8]) {
    u32(UInt32(value.count))
    bytes.append(contentsOf: value)
  }

  mutating func string(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      u32(UInt32(utf8.count))
      bytes.append(contentsOf: utf8)
    }
  }

  mutating func strings(_ values: [String]) {
    u32(UInt32(values.count))
    for value in values { string(value) }
  }

  mutating func optional<Value>(_ value: Value?, _ write: (inout WireWriter, Value) -> Void) {
    guard let value else { return bool(false) }
    bool(true)
    write(&self, value)
  }

  mutating func array<Value>(_ values: [Value], _ write: (inout WireWriter, Value) -> Void) {
    u32(UInt32(values.count))
    for value in values { write(&self, value) }
  }
}
