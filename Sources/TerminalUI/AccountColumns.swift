import Presentation

/// Where each column of the account list starts and how wide it is, measured in display
/// columns so `東京` and `Zürich` line up with ASCII issuers.
struct AccountColumns: Equatable {
  /// Width of the seconds-left bar.
  static let barWidth = 10

  /// Start of the issuer column (after the favorite star).
  let issuerStart = 3
  /// Issuer width.
  let issuer: Int
  /// Name width.
  let name: Int
  /// Code width.
  let code: Int
  /// Width of the seconds text (`30s`).
  let seconds: Int
  /// Whether the seconds-left bar fits.
  let showsBar: Bool
  /// Whether the next code fits.
  let showsNext: Bool

  /// Start of the name column.
  var nameStart: Int { issuerStart + issuer + 2 }
  /// Start of the code column.
  var codeStart: Int { nameStart + name + 2 }
  /// Start of the bar (or the seconds when the bar does not fit).
  var timeStart: Int { codeStart + code + 2 }
  /// Start of the next code.
  var nextStart: Int { timeStart + (showsBar ? Self.barWidth + 1 : 0) + seconds + 2 }

  /// Columns for `rows` on a screen `width` wide.
  init(rows: [AccountRow], width: Int) {
    let codes = rows.flatMap { [$0.code, $0.nextCode].compactMap { $0 } }
    let code = max(7, codes.map(DisplayWidth.of).max() ?? 0)
    let seconds = max(3, rows.compactMap { $0.remaining.map { String($0).count + 1 } }.max() ?? 0)
    let naturalIssuer = max(6, rows.map { DisplayWidth.of($0.issuer) }.max() ?? 0)
    let naturalName = max(4, rows.map { DisplayWidth.of($0.name) }.max() ?? 0)
    func room(bar: Bool, next: Bool) -> Int {
      let time = (bar ? Self.barWidth + 1 : 0) + seconds
      return width - 3 - 2 - code - 2 - time - (next ? code + 4 : 0) - 2 - 1
    }
    let showsNext = room(bar: true, next: true) >= 20
    let showsBar = room(bar: true, next: showsNext) >= 14
    let available = max(2, room(bar: showsBar, next: showsNext))
    let issuer = max(1, min(naturalIssuer, max(available / 2, available - naturalName)))
    self.code = code
    self.seconds = seconds
    self.issuer = issuer
    self.name = max(1, min(naturalName, available - issuer))
    self.showsBar = showsBar
    self.showsNext = showsNext
  }
}
