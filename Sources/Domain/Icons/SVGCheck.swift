/// Whether SVG text is an image that refers to nothing outside itself, so drawing it never reads
/// a file or the network: UTF-8 XML whose root element is `svg`; every `href`, `xlink:href`,
/// `src` (and the like) to `#…`, `data:…` or nothing; every CSS `url(…)` to `#…` or `data:…`;
/// no `<?xml-stylesheet`, `@import`, `<!ENTITY`, nor a DOCTYPE naming an external DTD.
/// The checks read the text as written (matching names without regard to ASCII case), so a
/// reference spelled with a character reference (`&#104;ttp:`) is refused, not decoded; and CSS,
/// in a `style` attribute or a `<style>` element, holds no escape (`\`) nor numeric character
/// reference (`&#`), which could spell `url(` or `@import` past the checks (`u\72l(`, `@\69mport`).
/// Every pass is a plain loop over byte indices: rows read their icons once per load, and a
/// vault may hold hundreds of SVG icons.
enum SVGCheck {
  /// Throws the first reason the bytes are not a self-contained SVG image.
  static func check(_ bytes: [UInt8]) throws(AccountIcon.Problem) {
    var text = bytes
    if text.starts(with: byteOrderMark) { text.removeFirst(byteOrderMark.count) }
    guard String(validating: text, as: UTF8.self) != nil else { throw .notAnImage }
    var lowered = text
    for index in lowered.indices where lowered[index] >= 0x41 && lowered[index] <= 0x5A {
      lowered[index] |= 0x20
    }
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

  /// The words the scan looks for, lowercase.
  private enum Word {
    static let stylesheet = Array("<?xml-stylesheet".utf8)
    static let importRule = Array("@import".utf8)
    static let entity = Array("<!entity".utf8)
    static let url = Array("url(".utf8)
    static let svg = Array("<svg".utf8)
    static let commentOpen = Array("<!--".utf8)
    static let commentClose = Array("-->".utf8)
    static let cdataOpen = Array("<![cdata[".utf8)
    static let cdataClose = Array("]]>".utf8)
    static let instructionOpen = Array("<?".utf8)
    static let instructionClose = Array("?>".utf8)
    static let endTagOpen = Array("</".utf8)
    static let declarationOpen = Array("<!".utf8)
    static let doctype = Array("<!doctype".utf8)
    static let system = Array("system".utf8)
    static let public_ = Array("public".utf8)
    static let emptyTagClose = Array("/>".utf8)
    static let tagClose = Array(">".utf8)
    static let data = Array("data:".utf8)
    static let style = Array("style".utf8)
    static let styleEnd = Array("</style".utf8)
    /// The attributes whose value is a URL the renderer (or an HTML part in `foreignObject`) loads.
    static let urlAttributes = [
      "href", "src", "srcset", "data", "poster", "background", "action", "formaction",
    ]
    .map { Array($0.utf8) }
  }

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
      if find(Word.stylesheet, from: 0) != nil { throw .externalReference("<?xml-stylesheet") }
      if find(Word.importRule, from: 0) != nil { throw .externalReference("@import") }
      if find(Word.entity, from: 0) != nil { throw .externalReference("<!ENTITY") }
    }

    /// Every CSS `url(` (in a `style` attribute, a `<style>` element or any text) to `#` or `data:`.
    func urls() throws(AccountIcon.Problem) {
      var from = 0
      while let start = find(Word.url, from: from) {
        var index = skipSpace(start + Word.url.count)
        if index < text.count && (text[index] == UInt8(ascii: "\"") || text[index] == UInt8(ascii: "'")) {
          index = skipSpace(index + 1)
        }
        if !isInternal(at: index) {
          var end = start
          while end < text.count && text[end] != UInt8(ascii: ")") { end += 1 }
          throw .externalReference(string(start..<min(end + 1, text.count)))
        }
        from = index
      }
    }

    /// The prolog (declaration, comments, a DOCTYPE without an external DTD), an `svg` root,
    /// and every element's attributes.
    mutating func markup() throws(AccountIcon.Problem) {
      try prolog()
      let after = position + Word.svg.count
      guard has(Word.svg, at: position), after < text.count,
        SVGCheck.isSpace(text[after]) || text[after] == UInt8(ascii: ">") || text[after] == UInt8(ascii: "/")
      else { throw .notAnImage }
      while position < text.count {
        guard text[position] == UInt8(ascii: "<") else {
          position += 1
          continue
        }
        if has(Word.commentOpen, at: position) {
          try skip(past: Word.commentClose)
        } else if has(Word.cdataOpen, at: position) {
          try skip(past: Word.cdataClose)
        } else if has(Word.instructionOpen, at: position) {
          try skip(past: Word.instructionClose)
        } else if has(Word.endTagOpen, at: position) {
          try skip(past: Word.tagClose)
        } else if has(Word.declarationOpen, at: position) {
          throw .notAnImage
        } else if try element() {
          try styleElement()
        }
      }
    }

    /// The content of a `<style>` element, up to its end tag: no CSS escape or character
    /// reference.
    private mutating func styleElement() throws(AccountIcon.Problem) {
      guard let end = find(Word.styleEnd, from: position) else { throw .notAnImage }
      try plainCSS(position..<end, in: "a <style> element")
      position = end
    }

    /// Refuses CSS in `range` that holds a backslash (a CSS escape) or a numeric character
    /// reference (`&#…`): either could spell `url(` or `@import` past the checks. The named
    /// references XML predefines (`&quot;` in a font name) spell no letter and stay.
    private func plainCSS(_ range: Range<Int>, in place: String) throws(AccountIcon.Problem) {
      for index in range
      where text[index] == UInt8(ascii: "\\")
        || (text[index] == UInt8(ascii: "&") && index + 1 < range.upperBound
          && text[index + 1] == UInt8(ascii: "#"))
      {
        throw .externalReference("an escape in the CSS of \(place)")
      }
    }

    /// Skips white space, the XML declaration, processing instructions, comments and one DOCTYPE.
    private mutating func prolog() throws(AccountIcon.Problem) {
      while true {
        position = skipSpace(position)
        if has(Word.instructionOpen, at: position) {
          try skip(past: Word.instructionClose)
        } else if has(Word.commentOpen, at: position) {
          try skip(past: Word.commentClose)
        } else if has(Word.doctype, at: position) {
          try doctype()
        } else {
          return
        }
      }
    }

    /// A DOCTYPE: its name and an internal subset are fine; `SYSTEM` or `PUBLIC` names a DTD elsewhere.
    private mutating func doctype() throws(AccountIcon.Problem) {
      let start = position
      position += Word.doctype.count
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
        } else if depth == 0 && (has(Word.system, at: position) || has(Word.public_, at: position)) {
          throw .externalReference(string(start..<min(text.count, position + Word.system.count)))
        }
        position += 1
      }
      throw .notAnImage
    }

    /// A start tag at `position`: its name, then each attribute, its value in quotes. True when
    /// it opens a `style` element (one with content to follow).
    private mutating func element() throws(AccountIcon.Problem) -> Bool {
      position += 1
      let nameStart = position
      while position < text.count && !isNameEnd(text[position]) { position += 1 }
      let isStyle = position - nameStart == Word.style.count && has(Word.style, at: nameStart)
      while true {
        position = skipSpace(position)
        guard position < text.count else { throw .notAnImage }
        if text[position] == UInt8(ascii: ">") {
          position += 1
          return isStyle
        }
        if has(Word.emptyTagClose, at: position) {
          position += 2
          return false
        }
        let nameStart = position
        var localStart = position
        while position < text.count && !isNameEnd(text[position]) && text[position] != UInt8(ascii: "=") {
          if text[position] == UInt8(ascii: ":") { localStart = position + 1 }
          position += 1
        }
        guard position > nameStart else { throw .notAnImage }
        let localName = localStart..<position
        position = skipSpace(position)
        guard position < text.count, text[position] == UInt8(ascii: "=") else { throw .notAnImage }
        position = skipSpace(position + 1)
        guard position < text.count,
          text[position] == UInt8(ascii: "\"") || text[position] == UInt8(ascii: "'")
        else { throw .notAnImage }
        let quote = text[position]
        var end = position + 1
        while end < text.count && text[end] != quote { end += 1 }
        guard end < text.count else { throw .notAnImage }
        let valueStart = skipSpace(position + 1)
        if isURLAttribute(localName) && valueStart < end && !isInternal(at: valueStart) {
          throw .externalReference(string((position + 1)..<end))
        }
        if localName.count == Word.style.count && has(Word.style, at: localName.lowerBound) {
          try plainCSS((position + 1)..<end, in: "a style attribute")
        }
        position = end + 1
      }
    }

    /// Whether the attribute's name (without its namespace prefix) is one whose value is loaded.
    private func isURLAttribute(_ name: Range<Int>) -> Bool {
      Word.urlAttributes.contains { word in word.count == name.count && has(word, at: name.lowerBound) }
    }

    /// Whether the reference at `index` is to the document itself: `#…` or inline `data:…`.
    private func isInternal(at index: Int) -> Bool {
      index < text.count && (text[index] == UInt8(ascii: "#") || has(Word.data, at: index))
    }

    private func isNameEnd(_ byte: UInt8) -> Bool {
      SVGCheck.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }

    /// Whether the lowered text holds `word` at `index`.
    private func has(_ word: [UInt8], at index: Int) -> Bool {
      guard index >= 0, index + word.count <= lowered.count else { return false }
      var offset = 0
      while offset < word.count {
        if lowered[index + offset] != word[offset] { return false }
        offset += 1
      }
      return true
    }

    private mutating func skip(past word: [UInt8]) throws(AccountIcon.Problem) {
      guard let found = find(word, from: position + 1) else { throw .notAnImage }
      position = found + word.count
    }

    private func skipSpace(_ index: Int) -> Int {
      var index = index
      while index < text.count && SVGCheck.isSpace(text[index]) { index += 1 }
      return index
    }

    /// The first index at or after `from` where the lowered text holds `word`.
    private func find(_ word: [UInt8], from: Int) -> Int? {
      guard let first = word.first else { return nil }
      var index = from
      let last = lowered.count - word.count
      while index <= last {
        if lowered[index] == first && has(word, at: index) { return index }
        index += 1
      }
      return nil
    }

    private func string(_ range: Range<Int>) -> String { String(decoding: text[range], as: UTF8.self) }
  }
}
