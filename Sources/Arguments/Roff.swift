/// Text made safe for roff's man(7) macros (groff and mandoc).
enum Roff {
  /// `text` as roff text: backslashes, hyphens and a leading `.` or `'` escaped, non-ASCII
  /// characters as named or `\[uXXXX]` glyphs, and each line trimmed (a leading space would
  /// break the line).
  static func escape(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var escaped = ""
      for scalar in line.trimmingSpaces().unicodeScalars {
        switch scalar {
        case "\\": escaped += "\\e"
        case "-": escaped += "\\-"
        case "\u{2026}": escaped += "\\&..."
        case "\u{2013}": escaped += "\\(en"
        case "\u{2014}": escaped += "\\(em"
        case "\u{00B1}": escaped += "\\(+-"
        case "\u{00D7}": escaped += "\\(mu"
        case _ where scalar.isASCII: escaped.unicodeScalars.append(scalar)
        default: escaped += "\\[u" + hex(scalar.value) + "]"
        }
      }
      return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }.joined(separator: "\n")
  }

  /// `text` in bold.
  static func bold(_ text: String) -> String { "\\fB" + escape(text) + "\\fR" }

  /// `text` in italics (placeholders).
  static func italic(_ text: String) -> String { "\\fI" + escape(text) + "\\fR" }

  /// `text` as one argument of a macro line, quoted when it has spaces.
  static func argument(_ text: String) -> String {
    let escaped = escape(text).replacingQuotes()
    return escaped.contains(" ") || escaped.isEmpty ? "\"" + escaped + "\"" : escaped
  }

  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

extension Substring {
  fileprivate func trimmingSpaces() -> Substring {
    let start = firstIndex { $0 != " " } ?? endIndex
    let end = lastIndex { $0 != " " }.map { index(after: $0) } ?? start
    return self[start..<Swift.max(start, end)]
  }

}

extension String {
  fileprivate func replacingQuotes() -> String {
    String(flatMap { $0 == "\"" ? Array("\\(dq") : [$0] })
  }
}
