import Domain

extension AppFeature {
  /// A second passed: the app locks after the idle minutes set, otherwise the list's codes move on.
  static func tick(_ state: inout State, _ now: Int64) -> [Effect] {
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
  }

  /// The vault asks for its password again: back to the unlock screen rather than a list of blank
  /// codes; the search stays.
  static func letGo(_ state: inout State) -> [Effect] {
    guard state.coordinator.current != .unlock else { return [] }
    let clear = state.accounts.clipboard.map { [Effect.accounts(.clearClipboard(ifStill: $0.code))] }
    let (search, group) = (state.accounts.search, state.accounts.groupFilter)
    lock(&state, at: state.accounts.now, saying: "The vault was locked: type its password again.")
    state.accounts.search = search
    state.accounts.groupFilter = group
    return (clear ?? []) + [.lock]
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
