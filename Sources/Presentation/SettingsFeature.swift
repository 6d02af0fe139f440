import Domain

/// Preferences: theme, hidden codes, sort order, auto-lock.
public enum SettingsFeature {
  /// The rows of the screen.
  public enum Row: Int, CaseIterable, Sendable {
    case theme, hideCodes, sortOrder, autoLock
  }

  /// What the screen shows.
  public struct State: Equatable, Sendable {
    /// The settings being edited (saved on every change).
    public var settings: AppSettings
    /// The focused row.
    public var focus = Row.theme

    /// The screen for `settings`.
    public init(settings: AppSettings) { self.settings = settings }
  }

  /// What happened.
  public enum Action: Equatable, Sendable {
    case focusMoved(Int)
    case valueChanged(Int)
    case closed
  }

  /// Work to do.
  public enum Effect: Equatable, Sendable {
    case save(AppSettings)
    case navigate(Navigation)
  }

  /// The auto-lock choices in minutes (0 = never).
  public static let autoLockChoices = [0, 1, 2, 5, 10, 15, 30, 60]

  /// Pure state transition.
  public static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    switch action {
    case .focusMoved(let offset):
      let rows = Row.allCases
      state.focus = rows[(state.focus.rawValue + offset + rows.count) % rows.count]
      return []
    case .valueChanged(let offset):
      var settings = state.settings
      switch state.focus {
      case .theme: settings.theme = cycled(settings.theme, offset)
      case .hideCodes: settings.hideCodes.toggle()
      case .sortOrder: settings.sortOrder = cycled(settings.sortOrder, offset)
      case .autoLock:
        let choices = autoLockChoices
        let index = choices.firstIndex(of: settings.autoLockMinutes) ?? 0
        settings.autoLockMinutes = choices[min(max(index + offset, 0), choices.count - 1)]
      }
      state.settings = settings
      return [.save(settings)]
    case .closed:
      return [.navigate(.pop)]
    }
  }

  private static func cycled<T: CaseIterable & Equatable>(_ value: T, _ offset: Int) -> T {
    let all = Array(T.allCases)
    let index = all.firstIndex(of: value) ?? 0
    return all[(index + offset % all.count + all.count) % all.count]
  }
}
