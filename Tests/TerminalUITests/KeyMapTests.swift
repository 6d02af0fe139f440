import Presentation
import Testing

@testable import TerminalUI

@Suite("Key map")
struct KeyMapTests {
  static let list = Fixtures.app(Fixtures.accounts([Fixtures.account("GitHub", "alice")]))

  static func searching() -> AppFeature.State {
    var state = list
    state.accounts.isSearching = true
    return state
  }

  static func confirming() -> AppFeature.State {
    var state = list
    state.accounts.pendingDelete = state.accounts.contents.accounts.first?.id
    return state
  }

  static func unlocking() -> AppFeature.State {
    AppFeature.State(vaultLocation: "v", locked: true, settings: .init(), now: 0)
  }

  static func editing() -> AppFeature.State {
    var state = list
    state.coordinator.apply(.push(.editor(nil)))
    state.editor = EditorFeature.State()
    return state
  }

  @Test(
    "the list's keys feel like less and vim",
    arguments: [
      (Key.character("j"), AccountsFeature.Action.moveSelection(1)), (.down, .moveSelection(1)),
      (.character("k"), .moveSelection(-1)), (.up, .moveSelection(-1)),
      (.character("G"), .moveToEdge(last: true)),
      (.character("g"), .moveToEdge(last: false)), (.character("/"), .searchStarted),
      (.enter, .copyRequested),
      (.character("y"), .copyRequested), (.character(" "), .generateRequested), (.tab, .groupFilterCycled),
      (.character("f"), .favoriteToggled), (.character("a"), .addRequested),
      (.character("e"), .editRequested),
      (.character("d"), .deleteRequested), (.character("i"), .detailsRequested),
      (.character("s"), .settingsRequested), (.character("?"), .helpRequested),
      (.character("q"), .quitRequested),
      (.pageDown, .moveSelection(26)),
    ])
  func listKeys(key: Key, action: AccountsFeature.Action) {
    #expect(KeyMap.actions(for: key, in: Self.list, pageSize: 26) == [.accounts(action)])
  }

  @Test(
    "while searching, letters are text and Enter or Esc ends the search",
    arguments: [
      (Key.character("q"), [AccountsFeature.Action.searchTyped("q")]), (.character("東"), [.searchTyped("東")]),
      (.enter, [.searchEnded(keep: true)]), (.escape, [.searchEnded(keep: false)]),
      (.backspace, [.searchEnded(keep: false)]), (.down, [.moveSelection(1)]),
    ])
  func searchKeys(key: Key, actions: [AccountsFeature.Action]) {
    #expect(
      KeyMap.actions(for: key, in: Self.searching(), pageSize: 10) == actions.map(AppFeature.Action.accounts))
  }

  @Test(
    "the delete question takes only y or a refusal",
    arguments: [
      (Key.character("y"), [AccountsFeature.Action.deleteConfirmed]), (.character("n"), [.deleteCancelled]),
      (.escape, [.deleteCancelled]), (.character("j"), []), (.character("d"), []),
    ])
  func deleteKeys(key: Key, actions: [AccountsFeature.Action]) {
    #expect(
      KeyMap.actions(for: key, in: Self.confirming(), pageSize: 10) == actions.map(AppFeature.Action.accounts)
    )
  }

  @Test("the password screen takes text, Enter unlocks and Esc quits")
  func unlockKeys() {
    let state = Self.unlocking()
    #expect(KeyMap.actions(for: .character("q"), in: state, pageSize: 1) == [.unlock(.typed("q"))])
    #expect(KeyMap.actions(for: .enter, in: state, pageSize: 1) == [.unlock(.submitted)])
    #expect(KeyMap.actions(for: .backspace, in: state, pageSize: 1) == [.unlock(.backspace)])
    #expect(KeyMap.actions(for: .escape, in: state, pageSize: 1) == [.accounts(.quitRequested)])
  }

  @Test("in a form, letters are text and Tab, arrows, Enter and Esc move, change, save and cancel")
  func editorKeys() {
    let state = Self.editing()
    #expect(KeyMap.actions(for: .character("j"), in: state, pageSize: 1) == [.editor(.typed("j"))])
    #expect(KeyMap.actions(for: .tab, in: state, pageSize: 1) == [.editor(.focusMoved(1))])
    #expect(KeyMap.actions(for: .backTab, in: state, pageSize: 1) == [.editor(.focusMoved(-1))])
    #expect(KeyMap.actions(for: .right, in: state, pageSize: 1) == [.editor(.optionCycled(1))])
    #expect(KeyMap.actions(for: .enter, in: state, pageSize: 1) == [.editor(.submitted)])
    #expect(KeyMap.actions(for: .escape, in: state, pageSize: 1) == [.editor(.cancelled)])
  }

  @Test("Esc on the list clears the search and the group filter")
  func escapeClearsFilters() {
    var state = Self.list
    state.accounts.search = "git"
    #expect(KeyMap.actions(for: .escape, in: state, pageSize: 1) == [.accounts(.searchEnded(keep: false))])
  }

  @Test(
    "terminal characters decode to keys",
    arguments: [
      (UInt32(13), Key.enter), (10, .enter), (9, .tab), (27, .escape), (127, .backspace), (21, .control("u")),
      (0x6A, .character("j")), (0x6771, .character("東")),
    ])
  func decoding(value: UInt32, key: Key) {
    #expect(KeyDecoding.character(value) == key)
  }
}
