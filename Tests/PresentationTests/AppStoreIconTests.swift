import Domain
import OTP
import Presentation
import Testing

@Suite("App store: icons, deletion from the details, the primary menu")
struct AppStoreIconTests {
  /// A harness on GitHub's details.
  static func onDetails() -> StoreHarness {
    let harness = StoreHarness.unlocked()
    harness.select(Fixture.github)
    harness.send(.accounts(.detailsRequested))
    return harness
  }

  @Test("A pack's icon chosen in the details is saved and drawn in the details and the list")
  func choosePackIcon() {
    let harness = Self.onDetails()
    harness.send(.details(.iconChoiceRequested))
    #expect(harness.store.state.details?.iconChoices == [StoreHarness.iconChoice])
    harness.send(.details(.iconChosen(StoreHarness.iconChoice)))
    #expect(harness.stored(Fixture.github.id)?.icon == StoreHarness.icon)
    #expect(harness.store.state.details?.icon == StoreHarness.icon)
    #expect(harness.store.state.details?.iconChoices == nil)
    #expect(harness.store.state.details?.message == "Icon saved.")
    #expect(harness.row(Fixture.github.id)?.icon == StoreHarness.icon)
    #expect(harness.row(Fixture.acme.id)?.icon == nil)
  }

  @Test("Removing the icon saves the account without it and the list draws initials again")
  func removeIcon() {
    let harness = Self.onDetails()
    harness.send(.details(.iconFileChosen(StoreHarness.iconFile)))
    #expect(harness.row(Fixture.github.id)?.icon == StoreHarness.icon)
    harness.send(.details(.iconRemoved))
    #expect(harness.stored(Fixture.github.id)?.icon == nil)
    #expect(harness.stored(Fixture.github.id)?.preserved == [])
    #expect(harness.row(Fixture.github.id)?.icon == nil)
    #expect(harness.store.state.details?.message == "Icon removed.")
  }

  @Test("A file that is no icon changes nothing and the details say why")
  func badFile() {
    let harness = Self.onDetails()
    harness.send(.details(.iconFileChosen("/home/me/notes.txt")))
    #expect(harness.stored(Fixture.github.id) == Fixture.github)
    #expect(harness.store.state.details?.message == "/home/me/notes.txt is not an image.")
  }

  @Test("Deleting from the details asks first, then deletes and goes back to the list")
  func deleteFromDetails() {
    let harness = Self.onDetails()
    harness.send(.details(.deleteRequested))
    #expect(harness.store.state.details?.confirmingDelete == true)
    harness.send(.details(.deleteCancelled))
    #expect(harness.stored(Fixture.github.id) != nil)
    harness.send(.details(.deleteRequested), .details(.deleteConfirmed))
    #expect(harness.stored(Fixture.github.id) == nil)
    #expect(harness.store.state.details == nil)
    #expect(harness.store.state.coordinator.stack == [.accounts])
    #expect(harness.store.state.accounts.message == "Deleted GitHub:octocat.")
    #expect(!harness.store.state.accounts.rows.contains { $0.id == Fixture.github.id })
  }

  @Test("The menu's Export opens the export dialog and Preferences the preferences")
  func menu() {
    let harness = StoreHarness.unlocked()
    harness.send(.menu(.export))
    #expect(harness.store.state.exporting != nil)
    harness.send(.exportClosed, .menu(.preferences))
    #expect(harness.store.state.coordinator.current == .settings)
  }
}
