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
  /// Shows `lines` and returns the chosen one; nil when the person cancelled.
  public var choose: @Sendable ([String]) throws(DesktopError) -> String?

  /// Wraps a menu.
  public init(choose: @escaping @Sendable ([String]) throws(DesktopError) -> String?) {
    self.choose = choose
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
