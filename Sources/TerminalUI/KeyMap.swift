import Presentation

/// Turns a key into the actions of the screen on top, as `HelpContent` lists them: keys that
/// feel like less, htop and vim (arrows and j/k, `/` to search, Esc to go back, `q` to quit).
enum KeyMap {
  /// The actions `key` means on the current screen; `pageSize` is how many rows Page Up/Down move.
  static func actions(for key: Key, in state: AppFeature.State, pageSize: Int) -> [AppFeature.Action] {
    switch state.coordinator.current {
    case .unlock: unlock(key, state.unlock)
    case .accounts: accounts(key, state.accounts, pageSize: pageSize).map(AppFeature.Action.accounts)
    case .editor: state.editor.map { editor(key, $0).map(AppFeature.Action.editor) } ?? []
    case .details: details(key).map(AppFeature.Action.details)
    case .settings: settings(key).map(AppFeature.Action.settings)
    case .help: help(key)
    }
  }

  private static func unlock(_ key: Key, _ state: UnlockFeature.State) -> [AppFeature.Action] {
    switch key {
    case .character(let character): [.unlock(.typed(String(character)))]
    case .backspace: [.unlock(.backspace)]
    case .control("u"): Array(repeating: .unlock(.backspace), count: state.password.count)
    case .enter: [.unlock(.submitted)]
    case .escape: [.accounts(.quitRequested)]
    case .control("d") where state.password.isEmpty: [.accounts(.quitRequested)]
    default: []
    }
  }

  private static func editor(_ key: Key, _ state: EditorFeature.State) -> [EditorFeature.Action] {
    let isOption = state.focus == .type || state.focus == .favorite
    switch key {
    case .tab, .down: return [.focusMoved(1)]
    case .backTab, .up: return [.focusMoved(-1)]
    case .left: return [.optionCycled(-1)]
    case .right: return [.optionCycled(1)]
    case .enter: return [.submitted]
    case .escape: return [.cancelled]
    case .backspace: return isOption ? [] : [.backspace]
    case .control("u"):
      return isOption ? [] : Array(repeating: .backspace, count: state.text(of: state.focus).count)
    case .character(let character): return [.typed(String(character))]
    default: return []
    }
  }

  private static func details(_ key: Key) -> [DetailsFeature.Action] {
    switch key {
    case .character("u"): [.uriToggled]
    case .character("r"): [.qrRequested]
    case .escape, .character("q"), .backspace, .left, .character("h"): [.closed]
    default: []
    }
  }

  private static func settings(_ key: Key) -> [SettingsFeature.Action] {
    switch key {
    case .up, .character("k"), .backTab: [.focusMoved(-1)]
    case .down, .character("j"), .tab: [.focusMoved(1)]
    case .left, .character("h"): [.valueChanged(-1)]
    case .right, .character("l"), .character(" "), .enter: [.valueChanged(1)]
    case .escape, .character("q"), .character("s"): [.closed]
    default: []
    }
  }

  private static func help(_ key: Key) -> [AppFeature.Action] {
    switch key {
    case .escape, .character("q"), .character("?"), .enter, .backspace: [.helpClosed]
    default: []
    }
  }
}
