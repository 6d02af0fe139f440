extension JSONReader {
  /// Decodes the escape (RFC 8259 §7) at `index`, a backslash, into `scratch` and steps past it.
  mutating func decodeEscape() throws(JSONError) {
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
      appendUTF8(of: try decodeUnicodeEscape())
      return
    default: throw JSONError(.invalidEscape, at: index)
    }
    scratch.append(decoded)
    index += 2
  }

  /// Reads `\uXXXX`, or a UTF-16 surrogate pair `\uD8XX\uDCXX`, and steps past it; an
  /// unpaired surrogate is an error.
  private mutating func decodeUnicodeEscape() throws(JSONError) -> UInt32 {
    let escapeStart = index
    let first = try readHexUnit(at: index + 2)
    index += 6
    switch first {
    case 0xD800...0xDBFF:
      guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
        bytes[index + 1] == UInt8(ascii: "u")
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
    var unit: UInt32 = 0
    for offset in start..<start + 4 {
      guard offset < bytes.count else { throw JSONError(.unexpectedEnd, at: offset) }
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

  /// Steps past one well-formed multi-byte UTF-8 sequence (RFC 3629 §4) at `index`.
  ///
  /// Rejects stray continuation bytes, overlong forms, encoded surrogates, code points past
  /// U+10FFFF and sequences cut short, reporting the offset of the sequence's first byte.
  mutating func skipUTF8Sequence() throws(JSONError) {
    let length: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch bytes[index] {
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
