/// A frame as a grid of cells: what the screen should show, compared with the last frame so
/// only the rows that changed are drawn again. Wide characters take two cells.
struct Canvas: Equatable {
  /// One cell: a character (nil for the right half of a wide character), its style, and
  /// whether it is highlighted (the selected row).
  struct Cell: Equatable {
    var character: Character?
    var style: Style
    var highlighted: Bool
    /// The left half of a wide character.
    var isWide = false

    static let blank = Cell(character: " ", style: .normal, highlighted: false)
  }

  /// A place on the grid.
  struct Position: Equatable {
    var row: Int
    var column: Int
  }

  /// Columns.
  let width: Int
  /// Rows.
  let height: Int
  /// `width × height` cells, row-major.
  private(set) var cells: [Cell]
  /// Where the terminal cursor stands (a text field being typed into); nil hides it.
  var cursor: Position?

  /// An empty frame.
  init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  /// The cells of one row.
  func row(_ row: Int) -> ArraySlice<Cell> {
    cells[row * width..<(row + 1) * width]
  }

  /// Writes `text` from `column` on `row`, clipped at `limit` columns (default: the right edge);
  /// returns the column after the last one written.
  @discardableResult
  mutating func write(
    _ text: String, row: Int, column: Int, style: Style = .normal, limit: Int? = nil
  ) -> Int {
    guard row >= 0, row < height else { return column }
    let end = min(width, limit.map { column + $0 } ?? width)
    var current = max(0, column)
    for character in text {
      let shown = DisplayWidth.printable(character)
      let columns = DisplayWidth.of(shown)
      if columns == 0 { continue }
      guard current + columns <= end else { break }
      put(
        Cell(character: shown, style: style, highlighted: false, isWide: columns == 2), row: row,
        column: current)
      if columns == 2 {
        put(Cell(character: nil, style: style, highlighted: false), row: row, column: current + 1)
      }
      current += columns
    }
    return current
  }

  /// Sets the style of `count` cells from `column` on `row`, keeping their characters.
  mutating func paint(row: Int, column: Int, count: Int, style: Style) {
    guard row >= 0, row < height else { return }
    for index in max(0, column)..<min(width, column + count) { cells[row * width + index].style = style }
  }

  /// Highlights a whole row (the selection).
  mutating func highlight(row: Int) {
    guard row >= 0, row < height else { return }
    for index in 0..<width { cells[row * width + index].highlighted = true }
  }

  /// Blanks a rectangle.
  mutating func clear(row: Int, column: Int, width count: Int, height rows: Int, style: Style = .normal) {
    for line in max(0, row)..<min(height, row + rows) {
      for index in max(0, column)..<min(width, column + count) {
        put(Cell(character: " ", style: style, highlighted: false), row: line, column: index)
      }
    }
  }

  /// Writes `text` centred on `row`.
  mutating func center(_ text: String, row: Int, style: Style = .normal) {
    let columns = DisplayWidth.of(text)
    write(text, row: row, column: max(0, (width - columns) / 2), style: style)
  }

  private mutating func put(_ cell: Cell, row: Int, column: Int) {
    let index = row * width + column
    let old = cells[index]
    if old.character == nil, cell.character != nil, column > 0 {
      cells[index - 1].character = " "
      cells[index - 1].isWide = false
    }
    if old.isWide, column + 1 < width {
      cells[index + 1].character = " "
    }
    cells[index] = cell
  }
}
