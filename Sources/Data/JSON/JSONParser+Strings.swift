extension JSONParser {
  /// Reads a string (RFC 8259 §7); `index` is at the opening quote.
  ///
  /// ASCII without escapes, the common case, is scanned in one tight loop and copied once.
  mutating func parseString() throws(JSONError) -> String {
    index += 1
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return text(from: start, to: index - 1)
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
      index += 1
    }
    return try parseStringSlowly(from: start)
  }

  /// Continues a string that has escapes, non-ASCII bytes or an error, from `start`.
  private mutating func parseStringSlowly(from start: Int) throws(JSONError) -> String {
    var decodesEscapes = false
    var runStart = start  // the first byte not yet copied to `scratch`
    while true {
      guard index < bytes.count else { throw JSONError(.unexpectedEnd, at: index) }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        defer { index += 1 }
        guard decodesEscapes else { return text(from: start, to: index) }
        appendToScratch(from: runStart, to: index)
        return String(decoding: scratch, as: UTF8.self)
      } else if byte == UInt8(ascii: "\\") {
        if !decodesEscapes {
          scratch.removeAll(keepingCapacity: true)
          decodesEscapes = true
        }
        appendToScratch(from: runStart, to: index)
        try decodeEscape()
        runStart = index
      } else if byte < 0x20 {
        throw JSONError(.controlCharacterInString, at: index)
      } else if byte < 0x80 {
        index += 1
      } else {
        try skipUTF8Sequence()
      }
    }
  }

  private mutating func appendToScratch(from start: Int, to end: Int) {
    if start < end { scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end])) }
  }

  /// Decodes the escape at `index` (a backslash) into `scratch` and steps past it.
  private mutating func decodeEscape() throws(JSONError) {
    let escapeStart = index
    guard index + 1 < bytes.count else { throw JSONError(.unexpectedEnd, at: index + 1) }
    let decoded: UInt8
    switch bytes[index + 1] {
    case UInt8(ascii: "\""): decoded = UInt8(ascii: "\"")
    case UInt8(ascii: "\\"): decoded = UInt8(ascii: "\\")
    case UInt8(ascii: "/"): decoded = UInt8(ascii: "/")
    case UInt8(ascii: "b"): decoded = 0x08
    case UInt8(ascii: "f"): decoded = 0x0C
    case UInt8(ascii: "n"): decoded = 0x0A
    case UInt8(ascii: "r"): decoded = 0x0D
    case UInt8(ascii: "t"): decoded = 0x09
    case UInt8(ascii: "u"):
      let scalar = try decodeUnicodeEscape(startingAt: escapeStart)
      appendUTF8(of: scalar)
      return
    default: throw JSONError(.invalidEscape, at: index)
    }
    scratch.append(decoded)
    index += 2
  }

  /// Reads `\uXXXX`, or a surrogate pair `\uD8XX\uDCXX`, and steps past it.
  private mutating func decodeUnicodeEscape(startingAt escapeStart: Int) throws(JSONError) -> UInt32 {
    let first = try readHexUnit(at: index + 2)
    index += 6
    switch first {
    case 0xD800...0xDBFF:
      guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
      else { throw JSONError(.invalidUnicodeEscape, at: escapeStart) }
      let second = try readHexUnit(at: index + 2)
      guard (0xDC00...0xDFFF).contains(second) else {
        throw JSONError(.invalidUnicodeEscape, at: escapeStart)
      }
      index += 6
      return 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
    case 0xDC00...0xDFFF:
      throw JSONError(.invalidUnicodeEscape, at: escapeStart)
    default:
      return first
    }
  }

  /// The four hex digits at `start` as a UTF-16 code unit.
  private func readHexUnit(at start: Int) throws(JSONError) -> UInt32 {
    guard start + 4 <= bytes.count else { throw JSONError(.unexpectedEnd, at: bytes.count) }
    var unit: UInt32 = 0
    for offset in start..<start + 4 {
      let byte = bytes[offset]
      let nibble: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = byte - UInt8(ascii: "A") + 10
      default: throw JSONError(.invalidUnicodeEscape, at: offset)
      }
      unit = unit << 4 | UInt32(nibble)
    }
    return unit
  }

  private mutating func appendUTF8(of scalar: UInt32) {
    switch scalar {
    case 0..<0x80:
      scratch.append(UInt8(scalar))
    case 0x80..<0x800:
      scratch.append(UInt8(0xC0 | scalar >> 6))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      scratch.append(UInt8(0xE0 | scalar >> 12))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    default:
      scratch.append(UInt8(0xF0 | scalar >> 18))
      scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  /// Steps past one well-formed multi-byte UTF-8 sequence (RFC 3629 §4) starting at `index`.
  ///
  /// Rejects stray continuation bytes, overlong forms, encoded surrogates, code points past
  /// U+10FFFF and sequences cut short.
  private mutating func skipUTF8Sequence() throws(JSONError) {
    let lead = bytes[index]
    let length: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      secondRange = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      secondRange = 0x80...0x9F
    case 0xF0:
      length = 4
      secondRange = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      secondRange = 0x80...0x8F
    default: throw JSONError(.invalidUTF8, at: index)
    }
    guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else {
      throw JSONError(.invalidUTF8, at: index)
    }
    for offset in index + 2..<index + length where bytes[offset] & 0xC0 != 0x80 {
      throw JSONError(.invalidUTF8, at: index)
    }
    index += length
  }
}
