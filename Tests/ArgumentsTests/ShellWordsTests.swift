import Arguments
import Testing

@Suite("Shell words")
struct ShellWordsTests {
  @Test(
    "A command string splits into the words a POSIX shell would give, without expanding anything",
    arguments: [
      ("fuzzel --dmenu", ["fuzzel", "--dmenu"]),
      ("  rofi   -dmenu\t-i ", ["rofi", "-dmenu", "-i"]),
      ("rofi -dmenu -p 'pick an account'", ["rofi", "-dmenu", "-p", "pick an account"]),
      ("menu --prompt \"a \\\"b\\\" c\"", ["menu", "--prompt", "a \"b\" c"]),
      ("a\\ b c", ["a b", "c"]),
      ("'it''s'", ["its"]),
      ("x'y'\"z\"", ["xyz"]),
      ("''", [""]),
      ("\"\"", [""]),
      ("'$HOME' \"$HOME\" `id`", ["$HOME", "$HOME", "`id`"]),
      ("\"a\\nb\"", ["a\\nb"]),
      ("'a\\b'", ["a\\b"]),
      ("a\\\nb", ["ab"]),
      ("", []),
      ("   ", []),
    ])
  func splits(text: String, words: [String]) throws {
    #expect(try ShellWords.split(text) == words)
  }

  @Test(
    "An unterminated quote or a trailing backslash is a usage error",
    arguments: ["'a", "\"a", "a\\", "\"a\\"])
  func refuses(text: String) {
    #expect(throws: UsageError.self) { try ShellWords.split(text) }
  }
}
