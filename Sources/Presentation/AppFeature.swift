import Domain

/// The whole app: the coordinator's stack, each screen's state, auto-lock and quitting.
public enum AppFeature {
  /// The items of the window's primary menu (CLI.md "The desktop window").
  public enum MenuItem: String, CaseIterable, Equatable, Sendable {
    case importFile, export, preferences, keyboardShortcuts, about

    /// The item's label, with its mnemonic.
    public var title: String {
      switch self {
      case .importFile: "_Import…"
      case .export: "_Export…"
      case .preferences: "_Preferences"
      case .keyboardShortcuts: "_Keyboard Shortcuts"
      case .about: "_About Twofold"
      }
    }

    /// Whether the item does something while the vault is locked (the others need the accounts).
    public var worksLocked: Bool { self == .keyboardShortcuts || self == .about }
  }

  /// Everything the app shows.
  public struct State: Equatable, Sendable {
    /// Navigation.
    public var coordinator: Coordinator
    /// The password screen.
    public var unlock: UnlockFeature.State
    /// The account list.
    public var accounts: AccountsFeature.State
    /// The open form, if any.
    public var editor: EditorFeature.State?
    /// The open details, if any.
    public var details: DetailsFeature.State?
    /// Preferences.
    public var settings: SettingsFeature.State
    /// The import dialog, while one is open (over the list).
    public var importing: ImportFeature.State?
    /// The export dialog, while one is open (over the list).
    public var exporting: ExportFeature.State?
    /// Unix time of the last key press, for auto-lock.
    public var lastActivity: Int64
    /// Whether the vault can be locked (a demo vault in memory cannot).
    public var canLock: Bool
    /// Set when the app should end.
    public var shouldQuit = false
    /// Whether the About window is shown.
    public var showsAbout = false
    /// Whether a file to import from is being chosen (the front end's file chooser is open).
    public var isChoosingImportFile = false

    /// A locked app (unlock screen) or, without a password, straight to the list.
    public init(vaultLocation: String, locked: Bool, settings: AppSettings, now: Int64) {
      coordinator = Coordinator(root: locked ? .unlock : .accounts)
      unlock = UnlockFeature.State(vaultLocation: vaultLocation)
      accounts = AccountsFeature.State(now: now)
      accounts.settings = settings
      self.settings = SettingsFeature.State(settings: settings)
      lastActivity = now
      canLock = locked
    }
  }

  /// What happened.
  public enum Action: Equatable, Sendable {
    case started
    case tick(Int64)
    case keyPressed(at: Int64)
    /// Another process changed the vault file (a command, a sync, another device).
    case vaultChangedOnDisk
    /// The vault asks for its password again (the agent let it go at its maximum time).
    case vaultLetGo
    case unlock(UnlockFeature.Action)
    case accounts(AccountsFeature.Action)
    case editor(EditorFeature.Action)
    case details(DetailsFeature.Action)
    case settings(SettingsFeature.Action)
    case helpClosed
    /// A file was chosen to import from.
    case importChosen(file: String)
    case importing(ImportFeature.Action)
    case importClosed
    case exportRequested
    case exporting(ExportFeature.Action)
    case exportClosed
    /// An item of the primary menu chosen.
    case menu(MenuItem)
    /// The About window closed.
    case aboutClosed
    /// The file chooser for an import closed without a file.
    case importFileCancelled
  }

  /// Work to do.
  public enum Effect: Equatable, Sendable {
    case unlock(UnlockFeature.Effect)
    case accounts(AccountsFeature.Effect)
    case editor(EditorFeature.Effect)
    case details(DetailsFeature.Effect)
    case settings(SettingsFeature.Effect)
    case importing(ImportFeature.Effect)
    case exporting(ExportFeature.Effect)
    /// Drop the key material.
    case lock
  }

  /// Pure state transition.
  public static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    let before = state.coordinator.current
    var effects = transition(&state, action)
    if before != .settings, state.coordinator.current == .settings {
      // The preferences ask the keyring whether it holds the key each time they are shown.
      effects += SettingsFeature.reduce(&state.settings, .appeared).map(Effect.settings)
    }
    return effects
  }

  /// An action's own rules, before those that follow a change of screen.
  static func transition(_ state: inout State, _ action: Action) -> [Effect] {
    switch action {
    case .started:
      return state.coordinator.current == .accounts ? [.accounts(.load)] : []
    case .tick(let now):
      return tick(&state, now)
    case .keyPressed(let time):
      state.lastActivity = time
      return []
    case .vaultLetGo:
      return letGo(&state)
    case .vaultChangedOnDisk:
      // Another process wrote the vault: load it again, keeping the selection and the search.
      return state.coordinator.current == .unlock || !state.accounts.isLoaded ? [] : [.accounts(.load)]
    case .unlock(let action):
      return unlock(&state, action)
    case .accounts(let action):
      return accounts(&state, action)
    case .editor(let action):
      guard let effects = scope(&state.editor, action, EditorFeature.reduce, Effect.editor) else { return [] }
      if case .saved = action { return route(&state, effects) + [.accounts(.load)] }
      return route(&state, effects)
    case .details(let action):
      guard let effects = scope(&state.details, action, DetailsFeature.reduce, Effect.details) else {
        return []
      }
      // The list draws the new icon too.
      if case .iconSaved = action { return route(&state, effects) + [.accounts(.load)] }
      return route(&state, effects)
    case .settings(let action):
      let effects = route(&state, SettingsFeature.reduce(&state.settings, action).map(Effect.settings))
      let changed = AccountsFeature.reduce(&state.accounts, .settingsChanged(state.settings.settings))
      return effects + changed.map(Effect.accounts)
    case .helpClosed:
      state.coordinator.apply(.pop)
      return []
    case .importChosen, .importing, .importClosed, .exportRequested, .exporting, .exportClosed, .menu,
      .aboutClosed, .importFileCancelled:
      return dialog(&state, action)
    }
  }

  private static func unlock(_ state: inout State, _ action: UnlockFeature.Action) -> [Effect] {
    var effects = UnlockFeature.reduce(&state.unlock, action).map(Effect.unlock)
    if action == .unlocked {
      state.coordinator.reset(to: .accounts)
      effects += AccountsFeature.reduce(&state.accounts, .appeared).map(Effect.accounts)
    }
    return effects
  }

  private static func accounts(_ state: inout State, _ action: AccountsFeature.Action) -> [Effect] {
    let effects = route(&state, AccountsFeature.reduce(&state.accounts, action).map(Effect.accounts))
    if case .loaded(let contents) = action, let shown = state.details?.account,
      let fresh = contents.accounts.first(where: { $0.id == shown.id })
    {
      // An edit (here or by another process) shows in the open details too.
      state.details?.account = fresh
      state.details?.groupNames = contents.groupNames(of: fresh)
    }
    if case .deleted(let id) = action, case .details(id) = state.coordinator.current {
      // The details of an account just deleted have nothing left to show.
      navigate(&state, .pop)
    }
    return effects
  }

  /// Reduces the feature of the screen or dialog open in `child`; nil, changing nothing, when it
  /// is closed: an action that arrives after its screen closed is ignored.
  static func scope<Child, ChildAction, ChildEffect>(
    _ child: inout Child?, _ action: ChildAction, _ reduce: (inout Child, ChildAction) -> [ChildEffect],
    _ effect: (ChildEffect) -> Effect
  ) -> [Effect]? {
    guard var open = child.take() else { return nil }
    defer { child = open }
    return reduce(&open, action).map(effect)
  }
}
