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
}
