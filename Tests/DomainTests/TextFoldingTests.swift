import Domain
import Testing

@Suite("TextFolding")
struct TextFoldingTests {
  @Test(
    "Folding lowercases and removes diacritics",
    arguments: [
      ("Zürich", "zurich"),
      ("Zu\u{308}rich", "zurich"),
      ("ÉCOLE", "ecole"),
      ("Crème Brûlée", "creme brulee"),
      ("Łódź", "lodz"),
      ("Ørsted", "orsted"),
      ("ΑΘΗΝΑ", "αθηνα"),
      ("Ἀθῆναι", "αθηναι"),
      ("東京", "東京"),
      ("🙂 OK", "🙂 ok"),
      ("", ""),
    ])
  func fold(_ text: String, expected: String) {
    #expect(TextFolding.fold(text) == expected)
  }

  @Test(
    "Sharp s folds like the ss it is written as in capitals",
    arguments: ["straße", "STRASSE", "Strasse", "STRAẞE"])
  func sharpS(_ text: String) {
    #expect(TextFolding.fold(text) == "strasse")
  }

  @Test(
    "A text and its capitals fold alike",
    arguments: ["Zürich", "straße", "Ærøskøbing", "İstanbul", "Mañana", "Čapek"])
  func caseInsensitive(_ text: String) {
    #expect(TextFolding.fold(text) == TextFolding.fold(text.uppercased()))
  }

  @Test(
    "A folded needle occurs as a run of whole characters, ASCII or not",
    arguments: [
      ("zurich", "zurich bank 501", true), ("bank", "zurich bank 501", true),
      ("501 ", "zurich bank 501", false),
      ("zurich bank 5012", "zurich bank 501", false), ("", "anything", true), ("", "", true),
      ("a", "", false),
      ("aab", "aaab", true), ("b", "ab", true), ("x", "ab", false), ("\r\n", "a\r\nb", true),
      ("\n", "a\r\nb", false), ("\r", "a\r\nb", false), ("e", "cafe\u{301}", false),
      ("東", "東京", true), ("京x", "東京", false), ("ok", "🙂 ok", true),
    ])
  func occurs(needle: String, text: String, expected: Bool) {
    #expect(TextFolding.occurs(needle, in: text) == expected)
  }
}
