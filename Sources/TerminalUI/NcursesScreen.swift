import CNcurses

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal through ncurses: wide characters, colours with a monochrome fallback, keys
/// with a timeout, and drawing that sends only the rows that changed since the last frame.
final class NcursesScreen {
  private let terminal: OpaquePointer
  private let window: UnsafeMutablePointer<WINDOW>
  private let canUseColor: Bool
  private var hasDefaultColors = false
  private var palette: Palette
  private var shown: Canvas?
  private var cursorVisible = false

  /// Takes over the terminal on standard input and output; `useColor` false forces monochrome.
  init(useColor: Bool, theme: String) throws(TerminalFailure) {
    Self.unblockTerminalSignals()
    setlocale(LC_ALL, "")
    if twofold_locale_is_utf8() == 0 {
      _ = setlocale(LC_CTYPE, "C.UTF-8") ?? setlocale(LC_CTYPE, "en_US.UTF-8")
    }
    guard let terminal = twofold_newterm() else {
      let name = getenv("TERM").map { String(cString: $0) } ?? ""
      throw TerminalFailure(
        name.isEmpty
          ? "TERM is not set: cannot draw the full-screen app" : "the terminal '\(name)' is not known")
    }
    self.terminal = terminal
    window = twofold_stdscr()
    cbreak()
    noecho()
    nonl()
    keypad(window, true)
    set_escdelay(25)
    curs_set(0)
    canUseColor = useColor && has_colors()
    if canUseColor {
      start_color()
      hasDefaultColors = use_default_colors() == OK
    }
    palette = Palette(theme: theme, usesColor: canUseColor, hasDefaultColors: hasDefaultColors)
    installColors()
  }

  /// Lets through the signals ncurses relies on (resize, suspend, interrupt, hang-up), in case the
  /// process that started this one left them blocked.
  private static func unblockTerminalSignals() {
    var signals = sigset_t()
    sigemptyset(&signals)
    for signal in [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT] {
      sigaddset(&signals, signal)
    }
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
  }

  /// Gives the terminal back as it was.
  func stop() {
    curs_set(1)
    endwin()
    delscreen(terminal)
  }

  /// Columns and rows.
  var size: (width: Int, height: Int) {
    (Int(getmaxx(window)), Int(getmaxy(window)))
  }

  /// Switches the theme; everything is drawn again.
  func use(theme: String) {
    let next = Palette(theme: theme, usesColor: canUseColor, hasDefaultColors: hasDefaultColors)
    guard next != palette else { return }
    palette = next
    installColors()
    invalidate()
  }

  /// Forgets what is on the screen so the next frame is drawn whole (Ctrl-L, a resize).
  func invalidate() {
    shown = nil
  }

  /// Draws `canvas`, sending only the rows that differ from the last frame; nothing at all
  /// when nothing changed.
  func draw(_ canvas: Canvas) {
    let whole = shown == nil || shown?.width != canvas.width || shown?.height != canvas.height
    let previous = whole ? nil : shown
    let changes = (0..<canvas.height).compactMap { row in
      Self.changedSpan(previous?.row(row), canvas.row(row)).map { (row, $0) }
    }
    if changes.isEmpty, canvas.cursor == shown?.cursor { return }
    if whole { clearok(window, true) }
    for (row, span) in changes { draw(row: row, of: canvas, span: span) }
    if let cursor = canvas.cursor {
      if !cursorVisible { curs_set(1) }
      wmove(window, Int32(cursor.row), Int32(cursor.column))
    } else if cursorVisible {
      curs_set(0)
    }
    cursorVisible = canvas.cursor != nil
    wnoutrefresh(window)
    doupdate()
    shown = canvas
  }

  /// The next key, waiting at most `milliseconds` (0: only what is already typed); nil when none came.
  func readKey(milliseconds: Int32) -> Key? {
    wtimeout(window, milliseconds)
    var value: wint_t = 0
    let result = wget_wch(window, &value)
    if result == KEY_CODE_YES { return KeyDecoding.function(Int32(value)) }
    if result == OK { return KeyDecoding.character(UInt32(value)) }
    return nil
  }

  /// The columns of a row that differ from what is shown (all of them when nothing is), widened
  /// to start on a whole character; nil when the row is unchanged.
  static func changedSpan(_ old: ArraySlice<Canvas.Cell>?, _ new: ArraySlice<Canvas.Cell>) -> Range<Int>? {
    guard let old else { return 0..<new.count }
    let shift = old.startIndex - new.startIndex
    var first = new.startIndex
    while first < new.endIndex, new[first] == old[first + shift] { first += 1 }
    guard first < new.endIndex else { return nil }
    var last = new.endIndex - 1
    while last > first, new[last] == old[last + shift] { last -= 1 }
    while first > new.startIndex, new[first].character == nil { first -= 1 }
    return (first - new.startIndex)..<(last - new.startIndex + 1)
  }

  private func draw(row: Int, of canvas: Canvas, span: Range<Int>) {
    let cells = canvas.row(row)
    let base = cells.startIndex
    var text: [wchar_t] = []
    text.reserveCapacity(span.count)
    var start = span.lowerBound
    while start < span.upperBound {
      let first = cells[base + start]
      var end = start
      text.removeAll(keepingCapacity: true)
      while end < span.upperBound, cells[base + end].style == first.style,
        cells[base + end].highlighted == first.highlighted
      {
        if let character = cells[base + end].character {
          for scalar in character.unicodeScalars { text.append(wchar_t(bitPattern: scalar.value)) }
        }
        end += 1
      }
      let pair = canUseColor ? Palette.pair(of: first.style) : 0
      twofold_set_style(window, palette.attributes(of: first.style, highlighted: first.highlighted), pair)
      _ = mvwaddnwstr(window, Int32(row), Int32(start), text, Int32(text.count))
      start = end
    }
    twofold_set_style(window, twofold_attr_normal(), 0)
  }

  private func installColors() {
    guard canUseColor else { return }
    for style in Style.allCases {
      let colors = palette.colors(of: style)
      init_pair(Palette.pair(of: style), colors.foreground, colors.background)
    }
    twofold_set_background(window, Palette.pair(of: .normal))
  }
}
