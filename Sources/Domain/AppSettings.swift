/// How the app looks and behaves; kept beside the vault in a small settings file.
public struct AppSettings: Equatable, Sendable {
  /// Colour theme.
  public enum Theme: String, CaseIterable, Sendable {
    /// Follow the terminal (or system) background.
    case auto
    /// Dark text on a light background.
    case light
    /// Light text on a dark background.
    case dark
  }

  /// Order of the account list.
  public enum SortOrder: String, CaseIterable, Sendable {
    /// Favorites first, then issuer, then name.
    case issuer
    /// Favorites first, then name, then issuer.
    case name
    /// Favorites first, then the order of the vault file.
    case vault
  }

  /// The colour theme.
  public var theme: Theme
  /// Codes stay hidden until their account is selected.
  public var hideCodes: Bool
  /// The list's order.
  public var sortOrder: SortOrder
  /// Minutes without a key press before the vault locks again; 0 never locks.
  public var autoLockMinutes: Int

  /// The defaults: auto theme, codes shown, by issuer, lock after 5 idle minutes.
  public init(
    theme: Theme = .auto, hideCodes: Bool = false, sortOrder: SortOrder = .issuer, autoLockMinutes: Int = 5
  ) {
    self.theme = theme
    self.hideCodes = hideCodes
    self.sortOrder = sortOrder
    self.autoLockMinutes = autoLockMinutes
  }
}

/// Where settings are kept (a file beside the vault; in memory for the demo and tests).
public struct SettingsRepository: Sendable {
  /// The saved settings, or the defaults.
  public var load: @Sendable () -> AppSettings
  /// Saves settings.
  public var save: @Sendable (AppSettings) throws(DomainError) -> Void

  /// Wraps a load and a save.
  public init(
    load: @escaping @Sendable () -> AppSettings,
    save: @escaping @Sendable (AppSettings) throws(DomainError) -> Void
  ) {
    self.load = load
    self.save = save
  }
}
