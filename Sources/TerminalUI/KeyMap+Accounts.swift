import Presentation

extension KeyMap {
  /// The account list: a delete question first, then the search field, then the list's keys.
  static func accounts(
    _ key: Key, _ state: AccountsFeature.State, pageSize: Int
  ) -> [AccountsFeature.Action] {
    if state.pendingDelete != nil { return deleteQuestion(key) }
    if state.isSearching { return search(key, state, pageSize: pageSize) }
    switch key {
    case .up, .character("k"), .control("p"): return [.moveSelection(-1)]
    case .down, .character("j"), .control("n"): return [.moveSelection(1)]
    case .pageUp, .control("b"): return [.moveSelection(-max(1, pageSize))]
    case .pageDown, .control("f"): return [.moveSelection(max(1, pageSize))]
    case .home, .character("g"): return [.moveToEdge(last: false)]
    case .end, .character("G"): return [.moveToEdge(last: true)]
    case .character("/"): return [.searchStarted]
    case .enter, .character("y"): return [.copyRequested]
    case .character(" "): return [.generateRequested]
    case .tab: return [.groupFilterCycled]
    case .character("f"): return [.favoriteToggled]
    case .character("a"): return [.addRequested]
    case .character("e"): return [.editRequested]
    case .character("d"), .delete: return [.deleteRequested]
    case .character("i"), .right, .character("l"): return [.detailsRequested]
    case .character("s"): return [.settingsRequested]
    case .character("?"): return [.helpRequested]
    case .character("q"): return [.quitRequested]
    case .escape: return clearFilters(state)
    default: return []
    }
  }

  private static func deleteQuestion(_ key: Key) -> [AccountsFeature.Action] {
    switch key {
    case .character("y"), .character("Y"): [.deleteConfirmed]
    case .character("n"), .character("N"), .character("q"), .escape, .enter: [.deleteCancelled]
    default: []
    }
  }

  private static func search(
    _ key: Key, _ state: AccountsFeature.State, pageSize: Int
  ) -> [AccountsFeature.Action] {
    switch key {
    case .character(let character): [.searchTyped(String(character))]
    case .backspace: state.search.isEmpty ? [.searchEnded(keep: false)] : [.searchBackspace]
    case .control("u"): Array(repeating: .searchBackspace, count: state.search.count)
    case .enter: [.searchEnded(keep: true)]
    case .escape: [.searchEnded(keep: false)]
    case .up, .control("p"): [.moveSelection(-1)]
    case .down, .control("n"): [.moveSelection(1)]
    case .pageUp: [.moveSelection(-max(1, pageSize))]
    case .pageDown: [.moveSelection(max(1, pageSize))]
    default: []
    }
  }

  /// Esc on the list: drops the search text and the group filter.
  private static func clearFilters(_ state: AccountsFeature.State) -> [AccountsFeature.Action] {
    var actions: [AccountsFeature.Action] = []
    if !state.search.isEmpty { actions.append(.searchEnded(keep: false)) }
    if let filter = state.groupFilter {
      let groups = state.contents.groups
      let index = groups.firstIndex { $0.id == filter } ?? (groups.count - 1)
      actions += Array(repeating: .groupFilterCycled, count: groups.count - index)
    }
    return actions
  }
}
