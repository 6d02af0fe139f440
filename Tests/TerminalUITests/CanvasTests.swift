import Testing

@testable import TerminalUI

@Suite("Canvas")
struct CanvasTests {
  init() { _ = UTF8Locale.installed }

  @Test("a wide character takes two cells, the second empty")
  func wideCharacter() {
    var canvas = Canvas(width: 6, height: 1)
    let end = canvas.write("東京", row: 0, column: 1)
    #expect(end == 5)
    #expect(canvas.row(0).map(\.character) == [" ", "東", nil, "京", nil, " "])
  }

  @Test("writing over half of a wide character blanks the other half")
  func overwrite() {
    var canvas = Canvas(width: 4, height: 1)
    canvas.write("東京", row: 0, column: 0)
    canvas.write("x", row: 0, column: 1)
    #expect(canvas.row(0).map(\.character) == [" ", "x", "京", nil])
    canvas.write("y", row: 0, column: 2)
    #expect(canvas.row(0).map(\.character) == [" ", "x", "y", " "])
  }

  @Test("text is clipped at the edge and at a limit, never half a wide character")
  func clipping() {
    var canvas = Canvas(width: 5, height: 1)
    canvas.write("ab東京", row: 0, column: 0, limit: 3)
    #expect(canvas.row(0).map(\.character) == ["a", "b", " ", " ", " "])
    canvas.write("東京東", row: 0, column: 0)
    #expect(canvas.row(0).map(\.character) == ["東", nil, "京", nil, " "])
  }
}
