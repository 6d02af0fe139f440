/// Case- and diacritic-insensitive text for sorting and searching (`Zürich` ~ `zurich`).
public enum TextFolding {
  /// Lowercases `text` and removes diacritics: precomposed letters map to their base letter
  /// and combining marks (U+0300–U+036F) are dropped; `ß` becomes `ss`, as in capitals.
  public static func fold(_ text: String) -> String {
    if let ascii = foldASCII(text) { return ascii }
    var scalars = String.UnicodeScalarView()
    for scalar in text.lowercased().unicodeScalars {
      if (0x0300...0x036F).contains(scalar.value) { continue }
      if scalar == "\u{DF}" {
        scalars.append(contentsOf: "ss".unicodeScalars)
        continue
      }
      if let base = baseLetters[scalar.value], let mapped = Unicode.Scalar(base) {
        scalars.append(mapped)
      } else {
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  /// The fast path for ASCII text (most issuers and names): lowercase bytes, no lookups.
  private static func foldASCII(_ text: String) -> String? {
    var text = text
    return text.withUTF8 { bytes -> String? in
      var hasUpper = false
      for byte in bytes {
        if byte >= 0x80 { return nil }
        if byte >= 0x41 && byte <= 0x5A { hasUpper = true }
      }
      guard hasUpper else { return String(decoding: bytes, as: UTF8.self) }
      return String(unsafeUninitializedCapacity: bytes.count) { output in
        for (index, byte) in bytes.enumerated() {
          output[index] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
        }
        return bytes.count
      }
    }
  }

  /// Whether `needle` occurs in `haystack`, ignoring case and diacritics (both already folded).
  static func contains(_ haystack: String, folded needle: String) -> Bool {
    needle.isEmpty || occurs(needle, in: fold(haystack))
  }

  /// Whether `needle` occurs in `text`, as `text.contains(needle)` says, without its cost where
  /// both are ASCII without a carriage return (most folded issuers and names): there every byte
  /// is a whole Character, so comparing bytes gives the same answer. (`String.contains` builds a
  /// searcher with a dictionary at each call: most of the agent's time on a search of 1,000
  /// accounts.)
  public static func occurs(_ needle: String, in text: String) -> Bool {
    if needle.isEmpty { return true }
    var needle = needle
    var text = text
    let bytewise = needle.withUTF8 { needle in
      text.withUTF8 { text -> Bool? in
        guard isPlainASCII(needle), isPlainASCII(text) else { return nil }
        guard needle.count <= text.count else { return false }
        let first = needle[0]
        for start in 0...(text.count - needle.count) where text[start] == first {
          var offset = 1
          while offset < needle.count && text[start + offset] == needle[offset] { offset += 1 }
          if offset == needle.count { return true }
        }
        return false
      }
    }
    return bytewise ?? text.contains(needle)
  }

  /// ASCII without a carriage return (which with a line feed makes one Character of two bytes).
  private static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in bytes where byte >= 0x80 || byte == 0x0D { return false }
    return true
  }
}
