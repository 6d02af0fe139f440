/// Splits a command written as one string (`--menu COMMAND`, `$TWOFOLD_MENU`) into words by the
/// POSIX shell's quoting rules (XCU 2.2), without expanding anything: blanks separate words,
/// `'…'` keeps everything literally, `"…"` keeps everything but `\` before `\ " $ \``, and a
/// `\` outside quotes keeps the next character. No shell ever runs the result.
public enum ShellWords {
  /// The words of `text`; an unterminated quote or a trailing `\` is a usage error.
  public static func split(_ text: String) throws(UsageError) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var characters = text.makeIterator()
    while let character = characters.next() {
      switch character {
      case " ", "\t", "\n":
        if inWord { words.append(word) }
        word = ""
        inWord = false
      case "'":
        inWord = true
        while true {
          guard let next = characters.next() else { throw UsageError("unterminated ' in '\(text)'") }
          if next == "'" { break }
          word.append(next)
        }
      case "\"":
        inWord = true
        while true {
          guard let next = characters.next() else { throw UsageError("unterminated \" in '\(text)'") }
          if next == "\"" { break }
          if next == "\\" {
            guard let escaped = characters.next() else { throw UsageError("unterminated \" in '\(text)'") }
            if !["\\", "\"", "$", "`", "\n"].contains(escaped) { word.append("\\") }
            if escaped != "\n" { word.append(escaped) }
            continue
          }
          word.append(next)
        }
      case "\\":
        guard let escaped = characters.next() else { throw UsageError("a \\ ends '\(text)'") }
        if escaped == "\n" { continue }
        inWord = true
        word.append(escaped)
      default:
        inWord = true
        word.append(character)
      }
    }
    if inWord { words.append(word) }
    return words
  }
}
