/// What a desktop tool (a menu, a typing tool, a screenshot tool) did wrong, in words for people.
public enum DesktopError: Error, Equatable, Sendable {
  /// No tool for this is installed; the text says what to install.
  case toolMissing(String)
  /// The tool ran and failed; the text names it and how.
  case toolFailed(String)
  /// The person closed the menu or the selection without choosing.
  case cancelled
  /// The screen holds nothing Twofold can use; the text says what was found.
  case nothingFound(String)
  /// The vault could not be read or changed.
  case vault(DomainError)
}

/// A menu offering lines and giving back the one chosen (a dmenu-style program).
public struct AccountPicker: Sendable {
  /// Shows `lines` (with their accounts' icons, for a menu that shows icons) and returns the text
  /// of the chosen one; nil when the person cancelled.
  public var offer: @Sendable ([MenuLine]) throws(DesktopError) -> String?

  /// Wraps a menu that shows text only.
  public init(choose: @escaping @Sendable ([String]) throws(DesktopError) -> String?) {
    offer = { (lines) throws(DesktopError) in try choose(lines.map(\.text)) }
  }

  /// Wraps a menu that is given each line's icon too.
  public init(offer: @escaping @Sendable ([MenuLine]) throws(DesktopError) -> String?) {
    self.offer = offer
  }

  /// Shows `lines`, without icons, and returns the chosen one; nil when the person cancelled.
  public func choose(_ lines: [String]) throws(DesktopError) -> String? {
    try offer(lines.map { MenuLine(text: $0) })
  }
}

/// One line a menu offers: its text, and the icon of its account when it has one.
public struct MenuLine: Equatable, Sendable {
  /// The text shown and given back when chosen.
  public var text: String
  /// The account's icon.
  public var icon: AccountIcon?

  /// Creates a line.
  public init(text: String, icon: AccountIcon? = nil) {
    self.text = text
    self.icon = icon
  }
}

/// Types text into the focused window, as if from the keyboard.
public struct Keyboard: Sendable {
  /// Types `text`.
  public var type: @Sendable (String) throws(DesktopError) -> Void

  /// Wraps a typing tool.
  public init(type: @escaping @Sendable (String) throws(DesktopError) -> Void) {
    self.type = type
  }
}

/// Takes a picture of the screen (or of a part the person chooses) as an image file's bytes.
public struct ScreenCapture: Sendable {
  /// The picture as PNG or JPEG bytes, held in memory only.
  public var capture: @Sendable () throws(DesktopError) -> [UInt8]

  /// Wraps a screenshot tool.
  public init(capture: @escaping @Sendable () throws(DesktopError) -> [UInt8]) {
    self.capture = capture
  }
}
