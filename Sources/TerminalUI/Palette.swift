import CNcurses

/// The colours and attributes of each style for a theme, and the monochrome fallback used when
/// the terminal has no colours (or `NO_COLOR` is set).
struct Palette: Equatable {
  /// A colour pair: foreground and background (-1 is the terminal's own colour).
  struct Colors: Equatable {
    var foreground: Int16
    var background: Int16
  }

  /// The theme's name in the settings (`auto`, `light`, `dark`).
  let theme: String
  /// Whether colours are used at all.
  let usesColor: Bool
  /// Whether the terminal's own colours (-1) can be used.
  let hasDefaultColors: Bool

  /// The colour pair number of a style (pair 0 is the terminal's default).
  static func pair(of style: Style) -> Int16 { Int16(style.rawValue + 1) }

  /// The colours of a style.
  func colors(of style: Style) -> Colors {
    let dark = theme != "light"
    let (text, ground): (Int16, Int16) = theme == "auto" ? (-1, -1) : dark ? (white, black) : (black, white)
    let background = theme == "auto" && !hasDefaultColors ? black : ground
    let foreground = theme == "auto" && !hasDefaultColors ? white : text
    switch style {
    case .normal, .dim, .bold, .code, .input: return Colors(foreground: foreground, background: background)
    case .title: return Colors(foreground: black, background: dark ? cyan : blue)
    case .bar: return Colors(foreground: green, background: background)
    case .ending, .error: return Colors(foreground: red, background: background)
    case .accent: return Colors(foreground: dark ? yellow : magenta, background: background)
    case .success: return Colors(foreground: green, background: background)
    case .qr: return Colors(foreground: black, background: white)
    }
  }

  /// The attributes of a style, with colours or without.
  func attributes(of style: Style, highlighted: Bool) -> attr_t {
    var attributes = usesColor ? colorAttributes(style) : monochromeAttributes(style)
    if highlighted { attributes |= twofold_attr_reverse() }
    return attributes
  }

  private func colorAttributes(_ style: Style) -> attr_t {
    switch style {
    case .bold, .code, .ending, .title, .error: twofold_attr_bold()
    case .dim: twofold_attr_dim()
    case .input: twofold_attr_underline()
    default: twofold_attr_normal()
    }
  }

  private func monochromeAttributes(_ style: Style) -> attr_t {
    switch style {
    case .bold, .code, .accent, .error, .success: twofold_attr_bold()
    case .title: twofold_attr_reverse() | twofold_attr_bold()
    case .ending: twofold_attr_bold() | twofold_attr_underline()
    case .dim: twofold_attr_dim()
    case .input: twofold_attr_underline()
    default: twofold_attr_normal()
    }
  }

  private var black: Int16 { Int16(COLOR_BLACK) }
  private var white: Int16 { Int16(COLOR_WHITE) }
  private var red: Int16 { Int16(COLOR_RED) }
  private var green: Int16 { Int16(COLOR_GREEN) }
  private var yellow: Int16 { Int16(COLOR_YELLOW) }
  private var blue: Int16 { Int16(COLOR_BLUE) }
  private var magenta: Int16 { Int16(COLOR_MAGENTA) }
  private var cyan: Int16 { Int16(COLOR_CYAN) }
}
