import Presentation

/// A QR code as text: two rows of modules per line with half blocks (`▀ ▄ █`), inside a quiet zone.
public enum QRDrawing {
  /// Modules of light margin around the code.
  public static let quietZone = 2

  /// The lines of `code`, dark modules drawn as ink (print them dark on light to scan them).
  public static func lines(_ code: QRCode) -> [String] {
    let side = code.size + 2 * quietZone
    var lines: [String] = []
    for top in stride(from: 0, to: side, by: 2) {
      var line = ""
      for column in 0..<side {
        let upper = code.isDark(row: top - quietZone, column: column - quietZone)
        let lower = top + 1 < side && code.isDark(row: top + 1 - quietZone, column: column - quietZone)
        switch (upper, lower) {
        case (true, true): line.append("█")
        case (true, false): line.append("▀")
        case (false, true): line.append("▄")
        case (false, false): line.append(" ")
        }
      }
      lines.append(line)
    }
    return lines
  }

  /// Columns and rows the drawing takes.
  static func size(_ code: QRCode) -> (width: Int, height: Int) {
    let side = code.size + 2 * quietZone
    return (side, (side + 1) / 2)
  }
}
