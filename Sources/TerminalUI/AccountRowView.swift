import Presentation

/// One line of the account list.
enum AccountRowView {
  /// Draws `row` on `line` in `columns`; `hidden` shows dots instead of the code.
  static func draw(
    _ row: AccountRow, hidden: Bool, columns: AccountColumns, line: Int, into canvas: inout Canvas
  ) {
    if row.favorite { canvas.write("★", row: line, column: 1, style: .accent) }
    canvas.write(
      DisplayWidth.truncated(row.issuer, to: columns.issuer), row: line, column: columns.issuerStart,
      style: .bold)
    canvas.write(DisplayWidth.truncated(row.name, to: columns.name), row: line, column: columns.nameStart)
    let rest = canvas.width - columns.codeStart - 1
    if let problem = row.problem {
      canvas.write(
        DisplayWidth.truncated(problem, to: rest), row: line, column: columns.codeStart, style: .error)
      return
    }
    if hidden {
      canvas.write("••• •••", row: line, column: columns.codeStart, style: .dim)
    } else if let code = row.code {
      canvas.write(code, row: line, column: columns.codeStart, style: .code)
    } else if row.isCounterBased {
      canvas.write(
        DisplayWidth.truncated("press space to generate", to: rest), row: line, column: columns.codeStart,
        style: .dim)
      return
    }
    if row.isCounterBased {
      canvas.write("space: next code", row: line, column: columns.timeStart, style: .dim, limit: rest)
      return
    }
    guard let remaining = row.remaining, let period = row.period, period > 0 else { return }
    let style: Style = row.isEnding ? .ending : .bar
    var column = columns.timeStart
    if columns.showsBar {
      let width = AccountColumns.barWidth
      let filled = min(width, max(1, (remaining * width + period - 1) / period))
      canvas.write(String(repeating: "█", count: filled), row: line, column: column, style: style)
      canvas.write(
        String(repeating: "░", count: width - filled), row: line, column: column + filled, style: .dim)
      column += width + 1
    }
    let seconds = "\(remaining)s"
    canvas.write(
      String(repeating: " ", count: max(0, columns.seconds - seconds.count)) + seconds, row: line,
      column: column,
      style: row.isEnding ? .ending : .dim)
    if columns.showsNext, !hidden, let next = row.nextCode {
      canvas.write("→ " + next, row: line, column: columns.nextStart, style: .dim)
    }
  }
}
