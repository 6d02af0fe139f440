import Domain

extension AppFeature {
  /// The dialogs over the list: the import file chooser and the import, the export, About; and
  /// the primary menu that opens them.
  static func dialog(_ state: inout State, _ action: Action) -> [Effect] {
    switch action {
    case .importChosen(let file):
      state.isChoosingImportFile = false
      guard state.coordinator.current != .unlock else { return [] }
      let dialog = ImportFeature.State(file: file)
      state.importing = dialog
      return ImportFeature.started(dialog).map(Effect.importing)
    case .importing(let action):
      guard let effects = scope(&state.importing, action, ImportFeature.reduce, Effect.importing) else {
        return []
      }
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
      return scope(&state.exporting, action, ExportFeature.reduce, Effect.exporting) ?? []
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
    default:
      // The screens' actions (`transition` sends only the dialogs' here).
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
      return transition(&state, .exportRequested)
    case .preferences:
      return transition(&state, .accounts(.settingsRequested))
    case .keyboardShortcuts:
      return transition(&state, .accounts(.helpRequested))
    case .about:
      state.showsAbout = true
      return []
    }
  }
}
