import Testing

@testable import TerminalUI

@Suite("Display width")
struct DisplayWidthTests {
  init() { _ = UTF8Locale.installed }

  @Test(
    "text is measured in terminal columns",
    arguments: [
      ("GitHub", 6), ("Zürich", 6), ("東京", 4), ("e\u{301}cole", 5), ("★", 1), ("", 0), ("\u{1b}[2J", 4),
    ])
  func width(text: String, columns: Int) {
    #expect(DisplayWidth.of(text) == columns)
  }

  @Test("truncating never splits a wide character and marks the cut")
  func truncation() {
    #expect(DisplayWidth.truncated("東京都庁", to: 5) == "東京…")
    #expect(DisplayWidth.truncated("Zürich", to: 6) == "Zürich")
    #expect(DisplayWidth.truncated("Zürich", to: 4) == "Zür…")
    #expect(DisplayWidth.padded("東京", to: 6) == "東京  ")
  }

  @Test("the tail of a long field keeps its end")
  func tail() {
    #expect(DisplayWidth.tail("otpauth://totp/x", fitting: 6) == "…otp/x")
    #expect(DisplayWidth.tail("abc", fitting: 6) == "abc")
  }

  @Test("control characters are drawn as ? so the vault cannot drive the terminal")
  func controlCharacters() {
    var canvas = Canvas(width: 6, height: 1)
    canvas.write("a\u{1b}b", row: 0, column: 0)
    #expect(canvas.row(0).map(\.character) == ["a", "?", "b", " ", " ", " "])
  }

  @Test("wrapping breaks after spaces, and inside words only when it must")
  func wrapping() {
    #expect(
      DisplayWidth.wrapped("Drawing QR codes needs libqrencode", to: 12) == [
        "Drawing QR", "codes needs", "libqrencode",
      ])
    #expect(DisplayWidth.wrapped("abcdefgh", to: 3) == ["abc", "def", "gh"])
    #expect(DisplayWidth.wrapped("東京東京", to: 5) == ["東京", "東京"])
    #expect(DisplayWidth.wrapped("", to: 5) == [])
  }
}
