import Domain

extension AppFeature {
  /// Applies navigation effects to the coordinator (setting up the screen pushed) and keeps the rest.
  static func route(_ state: inout State, _ effects: [Effect]) -> [Effect] {
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

  /// Applies one navigation: a screen pushed gets its state, a screen popped loses it.
  static func navigate(_ state: inout State, _ navigation: Navigation) {
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
