import Domain
import OTP
import Presentation
import Testing

@Suite("The primary menu")
struct AppFeatureMenuTests {
  typealias Case = ReducerCase<AppFeature.State, AppFeature.Action, AppFeature.Effect>

  static let locked = AppFeatureTests.locked()
  static let unlocked = AppFeatureTests.unlocked()

  static func with(_ state: AppFeature.State, _ change: (inout AppFeature.State) -> Void) -> AppFeature.State
  {
    var state = state
    change(&state)
    return state
  }

  static let table: [Case] = [
    Case(
      "Import opens the file chooser", unlocked, .menu(.importFile), then: { $0.isChoosingImportFile = true }),
    Case(
      "a file chosen closes the chooser and reads it", with(unlocked) { $0.isChoosingImportFile = true },
      .importChosen(file: "/home/me/aegis.json"),
      then: {
        $0.isChoosingImportFile = false
        $0.importing = ImportFeature.State(file: "/home/me/aegis.json")
      },
      effects: ImportFeature.started(ImportFeature.State(file: "/home/me/aegis.json")).map(
        AppFeature.Effect.importing)),
    Case(
      "the chooser closed without a file imports nothing", with(unlocked) { $0.isChoosingImportFile = true },
      .importFileCancelled, then: { $0.isChoosingImportFile = false }),
    Case(
      "Export opens the export dialog", unlocked, .menu(.export),
      then: { $0.exporting = ExportFeature.State(needsVaultPassword: false) }),
    Case(
      "Preferences shows the preferences", unlocked, .menu(.preferences),
      then: { $0.coordinator.apply(.push(.settings)) }, effects: [.settings(.checkKeyring)]),
    Case(
      "Keyboard Shortcuts shows every key binding", unlocked, .menu(.keyboardShortcuts),
      then: { $0.coordinator.apply(.push(.help)) }),
    Case("About shows the About window", unlocked, .menu(.about), then: { $0.showsAbout = true }),
    Case(
      "closing the About window hides it", with(unlocked) { $0.showsAbout = true }, .aboutClosed,
      then: { $0.showsAbout = false }),
    Case("locked, Import does nothing", locked, .menu(.importFile)),
    Case("locked, Export does nothing", locked, .menu(.export)),
    Case("locked, Preferences does nothing", locked, .menu(.preferences)),
    Case("locked, About still shows", locked, .menu(.about), then: { $0.showsAbout = true }),
    Case(
      "locked, Keyboard Shortcuts still shows", locked, .menu(.keyboardShortcuts),
      then: { $0.coordinator.apply(.push(.help)) }),
  ]

  @Test("Menu items reduce to the same screens and dialogs as their keys and buttons", arguments: table)
  func reduces(_ row: Case) {
    row.check(AppFeature.reduce)
  }

  @Test("Every item has a label with a mnemonic, and only About and Keyboard Shortcuts work locked")
  func items() {
    #expect(AppFeature.MenuItem.allCases.map(\.title).allSatisfy { $0.contains("_") })
    #expect(AppFeature.MenuItem.allCases.filter(\.worksLocked) == [.keyboardShortcuts, .about])
  }
}
