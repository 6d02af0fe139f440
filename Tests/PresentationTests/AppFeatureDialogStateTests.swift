import Domain
import OTP
import Presentation
import Testing

@Suite("The About window and the import's file chooser in the app's state")
struct AppFeatureDialogStateTests {
  typealias Case = ReducerCase<AppFeature.State, AppFeature.Action, AppFeature.Effect>

  static let locked = AppFeatureTests.locked()
  static let unlocked = AppFeatureTests.unlocked()
  static let notLoaded = AppFeature.State(
    vaultLocation: "/home/me/vault.json", locked: false, settings: AppSettings(), now: AppFeatureTests.start)

  static func with(_ state: AppFeature.State, _ change: (inout AppFeature.State) -> Void) -> AppFeature.State
  {
    var state = state
    change(&state)
    return state
  }

  static let table: [Case] = [
    Case("Import before the list is loaded opens no chooser", notLoaded, .menu(.importFile)),
    Case(
      "a file chosen once the app locked opens no import", with(locked) { $0.isChoosingImportFile = true },
      .importChosen(file: "/home/me/aegis.json"), then: { $0.isChoosingImportFile = false }),
    Case(
      "About stays open over the chooser's answer", with(unlocked) { $0.showsAbout = true },
      .importFileCancelled),
    Case(
      "the chooser stays open while About closes", with(unlocked) { $0.isChoosingImportFile = true },
      .aboutClosed),
  ]

  @Test("The dialogs open and close only through their own actions", arguments: table)
  func reduces(_ row: Case) {
    row.check(AppFeature.reduce)
  }

  @Test("Locking closes the file chooser with the screens, and leaves About open")
  func lockCloses() {
    var state = Self.with(Self.unlocked) {
      $0.isChoosingImportFile = true
      $0.showsAbout = true
    }
    #expect(AppFeature.reduce(&state, .vaultLetGo) == [.lock])
    #expect(state.coordinator.current == .unlock)
    #expect(!state.isChoosingImportFile)
    #expect(state.showsAbout)
  }
}
