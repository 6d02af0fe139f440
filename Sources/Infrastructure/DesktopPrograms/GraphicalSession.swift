/// Which graphical sessions the environment names, by one rule for the clipboard, typing,
/// menus, screenshots and password prompts: a variable that is set but empty names none.
public struct GraphicalSession: Equatable, Sendable {
  /// `WAYLAND_DISPLAY` is set and not empty.
  public let isWayland: Bool
  /// `DISPLAY` is set and not empty.
  public let isX11: Bool

  /// The sessions `variables` name.
  public init(variables: [String: String]) {
    isWayland = !(variables["WAYLAND_DISPLAY"] ?? "").isEmpty
    isX11 = !(variables["DISPLAY"] ?? "").isEmpty
  }

  /// Whether any graphical session is named.
  public var isGraphical: Bool { isWayland || isX11 }
}
