extension JSONReader {
  /// Reads a string (RFC 8259 §7); `index` is at the opening quote.
  mutating func readString() throws(JSONError) -> String {
    if let range = scanPlainString() { return asciiString(range) }
    return try readStringSlowly()
  }

  /// Reads a member name like `readString()`, with its fingerprint when it is short ASCII.
  mutating func readKey() throws(JSONError) -> (String, ShortStringCache.Fingerprint) {
    guard let range = scanPlainString() else { return (try readStringSlowly(), .none) }
    guard range.count <= ShortStringCache.maximumLength else { return (asciiString(range), .none) }
    let fingerprint = ShortStringCache.Fingerprint(bytes, range)
    return (shortStrings.string(for: fingerprint, bytes, range), fingerprint)
  }

  /// The common case in one tight loop: if the string at `index` is ASCII without escapes
  /// or control characters, steps past it and returns the range of its content; otherwise
  /// returns `nil` and leaves `index` at the opening quote.
  @inline(__always)
  private mutating func scanPlainString() -> Range<Int>? {
    let start = index + 1
    var cursor = start
    while cursor + 8 <= bytes.count, !Self.needsCare(word(at: cursor)) { cursor += 8 }
    while cursor < bytes.count {
      let byte = bytes[cursor]
      if byte == UInt8(ascii: "\"") {
        index = cursor + 1
        return start..<cursor
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return nil }
      cursor += 1
    }
    return nil
  }

  /// Whether any of the eight bytes in `word` is `"`, `\`, a control character or non-ASCII.
  @inline(__always)
  private static func needsCare(_ word: UInt64) -> Bool {
    ByteWord.quotesBackslashesAndControls(word) | (word & ByteWord.highBits) != 0
  }

  /// Reads a string that has escapes, non-ASCII characters or an error; `index` is at the
  /// opening quote. Unescaped runs are validated in place and copied in one piece.
  private mutating func readStringSlowly() throws(JSONError) -> String {
    index += 1
    let start = index
    var decodesEscapes = false
    var runStart = start  // the first byte not yet copied to `scratch`
    while true {
      guard index < bytes.count else { throw JSONError(.unexpectedEnd, at: index) }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        defer { index += 1 }
        guard decodesEscapes else {
          return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }
        appendToScratch(runStart..<index)
        return String(decoding: scratch, as: UTF8.self)
      } else if byte == UInt8(ascii: "\\") {
        if !decodesEscapes {
          scratch.removeAll(keepingCapacity: true)
          decodesEscapes = true
        }
        appendToScratch(runStart..<index)
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

  private mutating func appendToScratch(_ range: Range<Int>) {
    if !range.isEmpty { scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range])) }
  }
}
