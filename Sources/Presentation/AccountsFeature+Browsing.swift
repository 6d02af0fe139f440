import Domain

extension AccountsFeature {
  /// Search, group filter and selection: they change only what the list shows, never the vault.
  static func browse(_ state: inout State, _ action: Action) {
    switch action {
    case .searchStarted:
      state.isSearching = true
    case .searchTyped(let text):
      state.search += text
      keepSelectionVisible(&state)
    case .searchBackspace:
      if !state.search.isEmpty { state.search.removeLast() }
      keepSelectionVisible(&state)
    case .searchEnded(let keep):
      state.isSearching = false
      if !keep { state.search = "" }
      keepSelectionVisible(&state)
    case .searchChanged(let text):
      state.search = text
      keepSelectionVisible(&state)
    case .selected(let id):
      if state.contents.accounts.contains(where: { $0.id == id }) { state.selection = id }
    case .groupFilterChosen(let id):
      state.groupFilter = id.flatMap { id in state.contents.groups.contains { $0.id == id } ? id : nil }
      keepSelectionVisible(&state)
    case .moveSelection(let offset):
      let visible = state.visibleAccounts
      guard !visible.isEmpty else { return }
      let index = visible.firstIndex { $0.id == state.selection } ?? 0
      state.selection = visible[min(max(index + offset, 0), visible.count - 1)].id
    case .moveToEdge(let last):
      state.selection = last ? state.visibleAccounts.last?.id : state.visibleAccounts.first?.id
    case .groupFilterCycled:
      let groups = state.contents.groups
      if let current = state.groupFilter, let index = groups.firstIndex(where: { $0.id == current }) {
        state.groupFilter = index + 1 < groups.count ? groups[index + 1].id : nil
      } else {
        state.groupFilter = groups.first?.id
      }
      keepSelectionVisible(&state)
    default:
      // The other actions are not about browsing (`reduce` sends only these here).
      break
    }
  }

  /// Selects the first account shown when the selected one is no longer shown.
  static func keepSelectionVisible(_ state: inout State) {
    let visible = state.visibleAccounts
    if !visible.contains(where: { $0.id == state.selection }) { state.selection = visible.first?.id }
  }
}
