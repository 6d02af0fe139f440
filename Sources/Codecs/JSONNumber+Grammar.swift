extension JSONNumber {
  /// Scans one number (RFC 8259 §6) that starts at `start` and returns the index just past it.
  ///
  /// Stops at the first byte that cannot continue the number; the caller decides whether
  /// that byte may follow a value.
  static func scanLiteral(
    in bytes: UnsafeBufferPointer<UInt8>,
    from start: Int
  ) throws(JSONError) -> Int {
    let end = bytes.count
    var index = start
    if index < end, bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < end else { throw JSONError(.invalidNumber, at: index) }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < end, isDigit(bytes[index]) { throw JSONError(.invalidNumber, at: index) }
    } else if isDigit(bytes[index]) {
      index = skipDigits(in: bytes, from: index + 1)
    } else {
      throw JSONError(.invalidNumber, at: index)
    }
    if index < end, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < end, isDigit(bytes[index]) else { throw JSONError(.invalidNumber, at: index) }
      index = skipDigits(in: bytes, from: index + 1)
    }
    if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard index < end, isDigit(bytes[index]) else { throw JSONError(.invalidNumber, at: index) }
      index = skipDigits(in: bytes, from: index + 1)
    }
    return index
  }

  @inline(__always)
  private static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }

  @inline(__always)
  private static func skipDigits(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    return index
  }
}
