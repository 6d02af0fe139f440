/// The parts every screen shares: the title bar, the key hints, a centred box.
enum Chrome {
  /// The title bar on the first row: `left` after the app's name, `right` at the right edge.
  static func titleBar(_ canvas: inout Canvas, _ left: String, right: String = "") {
    canvas.clear(row: 0, column: 0, width: canvas.width, height: 1, style: .title)
    let rightWidth = DisplayWidth.of(right)
    let room = max(0, canvas.width - rightWidth - 2)
    canvas.write(DisplayWidth.truncated(" Twofold · " + left, to: room), row: 0, column: 0, style: .title)
    if rightWidth > 0, rightWidth + 2 < canvas.width {
      canvas.write(right, row: 0, column: canvas.width - rightWidth - 1, style: .title)
    }
  }

  /// Key hints on `row` (the last one by default): each key in the accent style, then what it does.
  static func hints(_ canvas: inout Canvas, _ hints: [(key: String, action: String)], row: Int? = nil) {
    let line = row ?? canvas.height - 1
    var column = 1
    for hint in hints {
      let needed = DisplayWidth.of(hint.key) + 1 + DisplayWidth.of(hint.action)
      if column + needed > canvas.width { break }
      column = canvas.write(hint.key, row: line, column: column, style: .accent)
      column = canvas.write(" " + hint.action, row: line, column: column, style: .dim) + 2
    }
  }

  /// A framed box in the middle of the screen with a title and lines of text.
  static func box(_ canvas: inout Canvas, title: String, lines: [(text: String, style: Style)]) {
    let inner = min(
      canvas.width - 4, max(DisplayWidth.of(title) + 4, lines.map { DisplayWidth.of($0.text) }.max() ?? 0))
    guard inner > 0 else { return }
    let width = inner + 4
    let height = lines.count + 2
    let top = max(0, (canvas.height - height) / 2)
    let left = max(0, (canvas.width - width) / 2)
    canvas.clear(row: top, column: left, width: width, height: height)
    let heading = "─ " + title + " "
    canvas.write(
      "┌" + heading + String(repeating: "─", count: max(0, width - 2 - DisplayWidth.of(heading))) + "┐",
      row: top, column: left, style: .accent)
    for (index, line) in lines.enumerated() {
      canvas.write("│", row: top + 1 + index, column: left, style: .accent)
      canvas.write(
        DisplayWidth.truncated(line.text, to: inner), row: top + 1 + index, column: left + 2,
        style: line.style)
      canvas.write("│", row: top + 1 + index, column: left + width - 1, style: .accent)
    }
    canvas.write(
      "└" + String(repeating: "─", count: width - 2) + "┘", row: top + height - 1, column: left,
      style: .accent)
  }

  /// A status line: `text` on `row`, and `right` at the right edge when there is room.
  static func status(_ canvas: inout Canvas, _ text: String, style: Style, right: String = "", row: Int) {
    let rightWidth = DisplayWidth.of(right)
    let room = canvas.width - 2 - (rightWidth > 0 ? rightWidth + 2 : 0)
    canvas.write(DisplayWidth.truncated(text, to: max(0, room)), row: row, column: 1, style: style)
    if rightWidth > 0, rightWidth + 4 < canvas.width {
      canvas.write(right, row: row, column: canvas.width - rightWidth - 1, style: .dim)
    }
  }
}
