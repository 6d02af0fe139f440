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
    switch action {
    case .started:
      return state.coordinator.current == .accounts ? [.accounts(.load)] : []
    case .tick(let now):
      let minutes = Int64(state.settings.settings.autoLockMinutes)
      if state.canLock, minutes > 0, state.coordinator.current != .unlock,
        now - state.lastActivity >= minutes * 60
      {
        let clear = state.accounts.clipboard.map { [Effect.accounts(.clearClipboard(ifStill: $0.code))] }
        let minutes = state.settings.settings.autoLockMinutes
        lock(&state, at: now, saying: "Locked after \(minutes) idle \(minutes == 1 ? "minute" : "minutes").")
        return (clear ?? []) + [.lock]
      }
      return AccountsFeature.reduce(&state.accounts, .tick(now)).map(Effect.accounts)
    case .keyPressed(let time):
      state.lastActivity = time
      return []
    case .vaultLetGo:
      // Back to the unlock screen rather than a list of blank codes; the search stays.
      guard state.coordinator.current != .unlock else { return [] }
      let clear = state.accounts.clipboard.map { [Effect.accounts(.clearClipboard(ifStill: $0.code))] }
      let (search, group) = (state.accounts.search, state.accounts.groupFilter)
      lock(&state, at: state.accounts.now, saying: "The vault was locked: type its password again.")
      state.accounts.search = search
      state.accounts.groupFilter = group
      return (clear ?? []) + [.lock]
    case .vaultChangedOnDisk:
      // Another process wrote the vault: load it again, keeping the selection and the search.
      return state.coordinator.current == .unlock || !state.accounts.isLoaded ? [] : [.accounts(.load)]
    case .unlock(let action):
      var effects = UnlockFeature.reduce(&state.unlock, action).map(Effect.unlock)
      if action == .unlocked {
        state.coordinator.reset(to: .accounts)
        effects += AccountsFeature.reduce(&state.accounts, .appeared).map(Effect.accounts)
      }
      return effects
    case .accounts(let action):
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
    case .editor(let action):
      guard state.editor != nil else { return [] }
      var effects = route(&state, EditorFeature.reduce(&state.editor!, action).map(Effect.editor))
      if case .saved = action { effects += [.accounts(.load)] }
      return effects
    case .details(let action):
      guard state.details != nil else { return [] }
      let effects = route(&state, DetailsFeature.reduce(&state.details!, action).map(Effect.details))
      // The list draws the new icon too.
      if case .iconSaved = action { return effects + [.accounts(.load)] }
      return effects
    case .settings(let action):
      var effects = route(&state, SettingsFeature.reduce(&state.settings, action).map(Effect.settings))
      effects += AccountsFeature.reduce(&state.accounts, .settingsChanged(state.settings.settings)).map(
        Effect.accounts)
      return effects
    case .helpClosed:
      state.coordinator.apply(.pop)
      return []
    case .importChosen(let file):
      state.isChoosingImportFile = false
      guard state.coordinator.current != .unlock else { return [] }
      let dialog = ImportFeature.State(file: file)
      state.importing = dialog
      return ImportFeature.started(dialog).map(Effect.importing)
    case .importing(let action):
      guard state.importing != nil else { return [] }
      let effects = ImportFeature.reduce(&state.importing!, action).map(Effect.importing)
      if case .imported = action { return effects + [.accounts(.load)] }
      return effects
    case .importClosed:
      state.importing = nil
      return []
    case .exportRequested:
      guard state.coordinator.current != .unlock, state.accounts.isLoaded else { return [] }
      state.exporting = ExportFeature.State(needsVaultPassword: state.accounts.hasWithheldSecrets)
      return []
    case .exporting(let action):
      guard state.exporting != nil else { return [] }
      return ExportFeature.reduce(&state.exporting!, action).map(Effect.exporting)
    case .exportClosed:
      state.exporting = nil
      return []
    case .menu(let item):
      return menu(&state, item)
    case .aboutClosed:
      state.showsAbout = false
      return []
    case .importFileCancelled:
      state.isChoosingImportFile = false
      return []
    }
  }

  /// A primary-menu item: the same screens and dialogs as their keys and buttons.
  private static func menu(_ state: inout State, _ item: MenuItem) -> [Effect] {
    guard item.worksLocked || state.coordinator.current != .unlock else { return [] }
    switch item {
    case .importFile:
      guard state.accounts.isLoaded else { return [] }
      state.isChoosingImportFile = true
      return []
    case .export:
      return reduce(&state, .exportRequested)
    case .preferences:
      return reduce(&state, .accounts(.settingsRequested))
    case .keyboardShortcuts:
      return reduce(&state, .accounts(.helpRequested))
    case .about:
      state.showsAbout = true
      return []
    }
  }

  /// Applies navigation effects to the coordinator (setting up the screen pushed) and keeps the rest.
  private static func route(_ state: inout State, _ effects: [Effect]) -> [Effect] {
    var remaining: [Effect] = []
    for effect in effects {
      if effect == .accounts(.quit) {
        state.shouldQuit = true
        continue
      }
      guard let navigation = effect.navigation else {
        remaining.append(effect)
        continue
      }
      navigate(&state, navigation)
    }
    return remaining
  }

  private static func navigate(_ state: inout State, _ navigation: Navigation) {
    if case .push(let route) = navigation {
      switch route {
      case .editor(nil):
        state.editor = EditorFeature.State()
      case .editor(let id?):
        guard let account = state.accounts.contents.accounts.first(where: { $0.id == id }) else { return }
        state.editor = EditorFeature.State(
          editing: account, groupNames: state.accounts.contents.groupNames(of: account))
      case .details(let id):
        guard let account = state.accounts.contents.accounts.first(where: { $0.id == id }) else { return }
        state.details = DetailsFeature.State(
          account: account, groupNames: state.accounts.contents.groupNames(of: account))
      default:
        break
      }
    }
    let leaving = state.coordinator.current
    state.coordinator.apply(navigation)
    if navigation == .pop {
      if case .editor = leaving { state.editor = nil }
      if case .details = leaving { state.details = nil }
    }
  }

  private static func lock(_ state: inout State, at now: Int64, saying message: String) {
    state.coordinator.reset(to: .unlock)
    state.isChoosingImportFile = false
    state.editor = nil
    state.details = nil
    state.importing = nil
    state.exporting = nil
    let settings = state.accounts.settings
    state.accounts = AccountsFeature.State(now: now)
    state.accounts.settings = settings
    state.unlock.message = message
  }
}

extension AppFeature.Effect {
  var navigation: Navigation? {
    switch self {
    case .accounts(.navigate(let navigation)), .editor(.navigate(let navigation)),
      .details(.navigate(let navigation)), .settings(.navigate(let navigation)):
      navigation
    default: nil
    }
  }
}
