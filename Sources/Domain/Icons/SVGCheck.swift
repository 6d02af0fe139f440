/// Whether SVG text is an image that refers to nothing outside itself, so drawing it never reads
/// a file or the network: UTF-8 XML whose root element is `svg`; every `href`, `xlink:href`,
/// `src` (and the like) to `#…`, `data:…` or nothing; every CSS `url(…)` to `#…` or `data:…`;
/// no `<?xml-stylesheet`, `@import`, `<!ENTITY`, nor a DOCTYPE naming an external DTD.
/// The checks read the text as written (matching names without regard to ASCII case), so a
/// reference spelled with a character reference (`&#104;ttp:`) is refused, not decoded.
enum SVGCheck {
  /// Throws the first reason the bytes are not a self-contained SVG image.
  static func check(_ bytes: [UInt8]) throws(AccountIcon.Problem) {
    var text = bytes
    if text.starts(with: byteOrderMark) { text.removeFirst(byteOrderMark.count) }
    guard String(validating: text, as: UTF8.self) != nil else { throw .notAnImage }
    let lowered = text.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    var scan = Scan(text: text, lowered: lowered)
    try scan.forbidden()
    try scan.urls()
    try scan.markup()
  }

  /// Whether the bytes start (after a byte-order mark and white space) like XML: with `<`.
  static func looksLikeXML(_ bytes: [UInt8]) -> Bool {
    let start = bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
    return bytes[start...].first { !isSpace($0) } == UInt8(ascii: "<")
  }

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

  /// The attributes whose value is a URL the renderer (or an HTML part in `foreignObject`) loads.
  private static let urlAttributes: Set<[UInt8]> = Set(
    ["href", "src", "srcset", "data", "poster", "background", "action", "formaction"].map { Array($0.utf8) })

  /// A reading of the text: `text` as written, `lowered` the same bytes with ASCII letters in
  /// lowercase (same length, same positions), for matching names.
  private struct Scan {
    let text: [UInt8]
    let lowered: [UInt8]
    var position = 0

    init(text: [UInt8], lowered: [UInt8]) {
      self.text = text
      self.lowered = lowered
    }

    /// Constructs that refer outside the document wherever they are written.
    func forbidden() throws(AccountIcon.Problem) {
      for (word, name) in [
        ("<?xml-stylesheet", "<?xml-stylesheet"), ("@import", "@import"), ("<!entity", "<!ENTITY"),
      ] where find(Array(word.utf8), from: 0) != nil {
        throw .externalReference(name)
      }
    }

    /// Every CSS `url(` (in a `style` attribute, a `<style>` element or any text) to `#` or `data:`.
    func urls() throws(AccountIcon.Problem) {
      let word = Array("url(".utf8)
      var from = 0
      while let start = find(word, from: from) {
        var index = start + word.count
        index = skipSpace(index)
        if index < text.count && (text[index] == UInt8(ascii: "\"") || text[index] == UInt8(ascii: "'")) {
          index = skipSpace(index + 1)
        }
        if !isInternal(at: index) {
          let end = text[start...].firstIndex(of: UInt8(ascii: ")")).map { $0 + 1 } ?? text.count
          throw .externalReference(string(start..<end))
        }
        from = index
      }
    }

    /// The prolog (declaration, comments, a DOCTYPE without an external DTD), an `svg` root,
    /// and every element's attributes.
    mutating func markup() throws(AccountIcon.Problem) {
      try prolog()
      guard matches("<svg"), position + 4 < text.count,
        SVGCheck.isSpace(text[position + 4]) || text[position + 4] == UInt8(ascii: ">")
          || text[position + 4] == UInt8(ascii: "/")
      else { throw .notAnImage }
      while let next = text[position...].firstIndex(of: UInt8(ascii: "<")) {
        position = next
        if matches("<!--") {
          try skip(past: "-->")
        } else if matches("<![cdata[") {
          try skip(past: "]]>")
        } else if matches("<?") {
          try skip(past: "?>")
        } else if matches("</") {
          try skip(past: ">")
        } else if matches("<!") {
          throw .notAnImage
        } else {
          try element()
        }
      }
    }

    /// Skips white space, the XML declaration, processing instructions, comments and one DOCTYPE.
    private mutating func prolog() throws(AccountIcon.Problem) {
      while true {
        position = skipSpace(position)
        if matches("<?") {
          try skip(past: "?>")
        } else if matches("<!--") {
          try skip(past: "-->")
        } else if matches("<!doctype") {
          try doctype()
        } else {
          return
        }
      }
    }

    /// A DOCTYPE: its name and an internal subset are fine; `SYSTEM` or `PUBLIC` names a DTD elsewhere.
    private mutating func doctype() throws(AccountIcon.Problem) {
      let start = position
      position += "<!doctype".utf8.count
      var quote: UInt8?
      var depth = 0
      while position < text.count {
        let byte = text[position]
        if let open = quote {
          if byte == open { quote = nil }
        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
          quote = byte
        } else if byte == UInt8(ascii: "[") {
          depth += 1
        } else if byte == UInt8(ascii: "]") {
          depth -= 1
        } else if byte == UInt8(ascii: ">") && depth <= 0 {
          position += 1
          return
        } else if depth == 0 && (matches("system") || matches("public")) {
          throw .externalReference(string(start..<min(text.count, position + 6)))
        }
        position += 1
      }
      throw .notAnImage
    }

    /// A start tag at `position`: its name, then each attribute, its value in quotes.
    private mutating func element() throws(AccountIcon.Problem) {
      position += 1
      while position < text.count && !isNameEnd(text[position]) { position += 1 }
      while true {
        position = skipSpace(position)
        guard position < text.count else { throw .notAnImage }
        if text[position] == UInt8(ascii: ">") {
          position += 1
          return
        }
        if matches("/>") {
          position += 2
          return
        }
        let nameStart = position
        while position < text.count && !isNameEnd(text[position]) && text[position] != UInt8(ascii: "=") {
          position += 1
        }
        let name = lowered[nameStart..<position]
        guard !name.isEmpty else { throw .notAnImage }
        position = skipSpace(position)
        guard position < text.count, text[position] == UInt8(ascii: "=") else { throw .notAnImage }
        position = skipSpace(position + 1)
        guard position < text.count,
          text[position] == UInt8(ascii: "\"") || text[position] == UInt8(ascii: "'")
        else { throw .notAnImage }
        let quote = text[position]
        guard let end = text[(position + 1)...].firstIndex(of: quote) else { throw .notAnImage }
        let valueStart = skipSpace(position + 1)
        let localName =
          name.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).last ?? name
        if SVGCheck.urlAttributes.contains(Array(localName)) && valueStart < end
          && !isInternal(at: valueStart)
        {
          throw .externalReference(string((position + 1)..<end))
        }
        position = end + 1
      }
    }

    /// Whether the reference at `index` is to the document itself: `#…` or inline `data:…`.
    private func isInternal(at index: Int) -> Bool {
      index < text.count && (text[index] == UInt8(ascii: "#") || lowered[index...].starts(with: "data:".utf8))
    }

    private func isNameEnd(_ byte: UInt8) -> Bool {
      SVGCheck.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }

    private func matches(_ word: String) -> Bool { lowered[position...].starts(with: word.utf8) }

    private mutating func skip(past word: String) throws(AccountIcon.Problem) {
      guard let found = find(Array(word.utf8), from: position + 1) else { throw .notAnImage }
      position = found + word.utf8.count
    }

    private func skipSpace(_ index: Int) -> Int {
      var index = index
      while index < text.count && SVGCheck.isSpace(text[index]) { index += 1 }
      return index
    }

    /// The first index at or after `from` where the lowered text holds `word`.
    private func find(_ word: [UInt8], from: Int) -> Int? {
      guard let first = word.first, word.count <= lowered.count else { return nil }
      var index = from
      let last = lowered.count - word.count
      while index <= last {
        guard let candidate = lowered[index...last].firstIndex(of: first) else { return nil }
        if lowered[candidate...].starts(with: word) { return candidate }
        index = candidate + 1
      }
      return nil
    }

    private func string(_ range: Range<Int>) -> String { String(decoding: text[range], as: UTF8.self) }
  }
}
