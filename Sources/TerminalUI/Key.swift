/// A key press as the terminal reported it, before any screen gives it a meaning.
enum Key: Equatable, Sendable {
  /// A printable character (letters, digits, punctuation, space, any script).
  case character(Character)
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Enter or Return.
  case enter
  /// Escape.
  case escape
  /// Backspace.
  case backspace
  /// Delete (forward).
  case delete
  /// Tab.
  case tab
  /// Shift-Tab.
  case backTab
  /// A control key: `control("l")` for Ctrl-L.
  case control(Character)
  /// The terminal changed size.
  case resize
}
