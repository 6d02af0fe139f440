import Domain

/// Preferences: theme, hidden codes, sort order, auto-lock; and, where a toolkit offers it,
/// unlocking with the login keyring (not one of the stepped rows).
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
    /// Whether there is a login keyring to keep the vault's key (known once the screen appeared).
    public var keyringAvailable = false
    /// Whether the login keyring holds the vault's key.
    public var keyringEnabled = false
    /// Why the last change of the keyring setting failed, in one line.
    public var keyringMessage: String?
    /// Whether the vault's password is asked before its key is kept (its secrets are with the
    /// agent, which hands its key to no one).
    public var keyringAsksPassword = false

    /// The screen for `settings`.
    public init(settings: AppSettings) { self.settings = settings }
  }

  /// What happened.
  public enum Action: Equatable, Sendable {
    case focusMoved(Int)
    case valueChanged(Int)
    /// Settings chosen as a whole (a toolkit's switches and menus); clamped like the steps.
    case changed(AppSettings)
    case closed
    /// The screen was shown: the keyring is asked whether it holds the key.
    case appeared
    /// What the keyring answered: whether it holds the key, nil when there is none to ask.
    case keyringChecked(Bool?)
    /// "Unlock with the login keyring" turned on or off.
    case keyringToggled(Bool)
    /// The keyring now holds the key (true) or not (false).
    case keyringChanged(Bool)
    /// The keyring was not changed, with the sentence why.
    case keyringFailed(String)
    /// Keeping the key needs the vault's password (the vault was opened through the agent).
    case keyringPasswordNeeded
    /// The vault's password typed to keep its key.
    case keyringPasswordEntered(String)
  }

  /// Work to do.
  public enum Effect: Equatable, Sendable {
    case save(AppSettings)
    case navigate(Navigation)
    /// Asks the keyring whether it holds the key (never prompting).
    case checkKeyring
    /// Keeps the key in the keyring (true) or removes it (false).
    case setKeyring(Bool)
    /// Keeps the key the vault's password opens the file with in the keyring.
    case keepKeyring(password: String)
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
        settings.autoLockMinutes = steppedAutoLock(from: settings.autoLockMinutes, by: offset)
      }
      guard settings != state.settings else { return [] }
      state.settings = settings
      return [.save(settings)]
    case .changed(var settings):
      if !autoLockChoices.contains(settings.autoLockMinutes) {
        settings.autoLockMinutes = steppedAutoLock(from: settings.autoLockMinutes, by: 1)
      }
      guard settings != state.settings else { return [] }
      state.settings = settings
      return [.save(settings)]
    case .closed:
      return [.navigate(.pop)]
    case .appeared:
      return [.checkKeyring]
    case .keyringChecked(let enabled):
      state.keyringAvailable = enabled != nil
      state.keyringEnabled = enabled ?? false
      return []
    case .keyringToggled(let on):
      if !on, state.keyringAsksPassword {
        // Turning the switch back off while the password is asked gives up.
        state.keyringAsksPassword = false
        state.keyringMessage = nil
        return []
      }
      guard state.keyringAvailable, on != state.keyringEnabled else { return [] }
      state.keyringMessage = nil
      return [.setKeyring(on)]
    case .keyringChanged(let on):
      state.keyringEnabled = on
      state.keyringMessage = nil
      state.keyringAsksPassword = false
      return []
    case .keyringPasswordNeeded:
      state.keyringAsksPassword = true
      state.keyringMessage = nil
      return []
    case .keyringPasswordEntered(let password):
      guard state.keyringAsksPassword, !password.isEmpty else { return [] }
      state.keyringMessage = nil
      return [.keepKeyring(password: password)]
    case .keyringFailed(let message):
      state.keyringMessage = message
      return []
    }
  }

  /// The choice `offset` steps from `minutes`, clamped; a value between choices (from a
  /// hand-edited file) steps to its neighbours rather than from the first choice.
  private static func steppedAutoLock(from minutes: Int, by offset: Int) -> Int {
    guard offset != 0 else { return minutes }
    let choices = autoLockChoices
    let index: Int
    if let exact = choices.firstIndex(of: minutes) {
      index = exact + offset
    } else {
      let above = choices.firstIndex { $0 > minutes } ?? choices.count
      index = offset > 0 ? above + offset - 1 : above + offset
    }
    return choices[min(max(index, 0), choices.count - 1)]
  }

  private static func cycled<T: CaseIterable & Equatable>(_ value: T, _ offset: Int) -> T {
    let all = Array(T.allCases)
    let index = all.firstIndex(of: value) ?? 0
    return all[(index + offset % all.count + all.count) % all.count]
  }
}
