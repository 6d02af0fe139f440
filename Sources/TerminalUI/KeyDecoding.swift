import CNcurses

/// What ncurses' key codes and characters mean as `Key`s.
enum KeyDecoding {
  /// A function key (`KEY_UP`, `KEY_RESIZE`, …); nil for keys no screen uses.
  static func function(_ code: Int32) -> Key? {
    switch code {
    case KEY_UP: .up
    case KEY_DOWN: .down
    case KEY_LEFT: .left
    case KEY_RIGHT: .right
    case KEY_HOME: .home
    case KEY_END: .end
    case KEY_PPAGE: .pageUp
    case KEY_NPAGE: .pageDown
    case KEY_ENTER: .enter
    case KEY_BACKSPACE: .backspace
    case KEY_DC: .delete
    case KEY_BTAB: .backTab
    case KEY_RESIZE: .resize
    default: nil
    }
  }

  /// A character read from the terminal: Enter, Tab, Esc, Backspace and Ctrl-letters by name,
  /// printable ones as themselves.
  static func character(_ value: UInt32) -> Key? {
    switch value {
    case 10, 13: return .enter
    case 9: return .tab
    case 27: return .escape
    case 8, 127: return .backspace
    case 1...26: return .control(Character(Unicode.Scalar(value + 96)!))
    case 0..<32: return nil
    default:
      guard let scalar = Unicode.Scalar(value) else { return nil }
      return .character(Character(scalar))
    }
  }
}
