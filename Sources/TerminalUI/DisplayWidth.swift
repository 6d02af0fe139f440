import CNcurses

/// How many terminal columns text takes, measured with `wcwidth` in the current locale:
/// `東京` takes four, `Zürich` six, a combining accent none.
enum DisplayWidth {
  /// Columns of one character (0, 1 or 2); control characters count as the `?` shown instead.
  static func of(_ character: Character) -> Int {
    if character.asciiValue != nil { return 1 }
    var total = 0
    var first = true
    for scalar in character.unicodeScalars {
      let columns = Int(twofold_wcwidth(scalar.value))
      if columns < 0 { return first ? 1 : total }
      total += columns
      first = false
    }
    return min(total, 2)
  }

  /// Columns of a text.
  static func of(_ text: String) -> Int {
    var total = 0
    for character in text { total += of(character) }
    return total
  }

  /// The character to draw for `character`: itself, or `?` for what the terminal would
  /// interpret (control characters, escapes) or cannot place.
  static func printable(_ character: Character) -> Character {
    if let ascii = character.asciiValue { return ascii >= 0x20 && ascii != 0x7f ? character : "?" }
    guard let first = character.unicodeScalars.first, twofold_wcwidth(first.value) >= 0 else { return "?" }
    return character
  }

  /// `text` cut to `columns`, ending with `…` when something was cut.
  static func truncated(_ text: String, to columns: Int) -> String {
    guard columns > 0 else { return "" }
    guard of(text) > columns else { return text }
    var result = ""
    var used = 0
    for character in text {
      let width = of(character)
      if used + width > columns - 1 { break }
      result.append(character)
      used += width
    }
    return result + "…"
  }

  /// The end of `text` that fits in `columns`, starting with `…` when something was cut
  /// (a long field being typed into shows its end).
  static func tail(_ text: String, fitting columns: Int) -> String {
    guard columns > 0 else { return "" }
    guard of(text) > columns else { return text }
    var result: [Character] = []
    var used = 0
    for character in text.reversed() {
      let width = of(character)
      if used + width > columns - 1 { break }
      result.append(character)
      used += width
    }
    return "…" + String(result.reversed())
  }

  /// `text` cut or padded with spaces to exactly `columns`.
  static func padded(_ text: String, to columns: Int) -> String {
    let cut = truncated(text, to: columns)
    return cut + String(repeating: " ", count: max(0, columns - of(cut)))
  }

  /// `text` in lines of at most `columns`, broken after spaces where possible, inside long
  /// words (a Key URI) where not.
  static func wrapped(_ text: String, to columns: Int) -> [String] {
    guard columns > 0 else { return [] }
    var lines: [String] = []
    var line = ""
    var used = 0
    var lastSpace: String.Index?
    for character in text {
      let width = of(character)
      if used + width > columns {
        if let space = lastSpace {
          lines.append(String(line[..<space]))
          line = String(line[line.index(after: space)...])
        } else {
          lines.append(line)
          line = ""
        }
        used = of(line)
        lastSpace = nil
      }
      if character == " " {
        if line.isEmpty { continue }
        lastSpace = line.endIndex
      }
      line.append(character)
      used += width
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
