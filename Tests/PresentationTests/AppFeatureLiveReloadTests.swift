import Domain
import Presentation
import Testing

@Suite("Vault changed on disk")
struct AppFeatureLiveReloadTests {
  @Test("an unlocked, loaded app loads the vault again; a locked one does nothing")
  func reloads() {
    var unlocked = AppFeatureTests.unlocked(selecting: Fixture.zurich)
    unlocked.accounts.search = "zü"
    let before = unlocked
    #expect(AppFeature.reduce(&unlocked, .vaultChangedOnDisk) == [.accounts(.load)])
    #expect(unlocked == before, "nothing changes until the contents arrive")
    var locked = AppFeatureTests.locked()
    #expect(AppFeature.reduce(&locked, .vaultChangedOnDisk).isEmpty)
  }

  @Test("the new contents keep the search and the selection while it is still there")
  func keepsSearchAndSelection() {
    var state = AppFeatureTests.unlocked(selecting: Fixture.zurich)
    state.accounts.search = "a"
    var contents = Fixture.vault
    contents.accounts.removeAll { $0.id == Fixture.github.id }
    _ = AppFeature.reduce(&state, .accounts(.loaded(contents)))
    #expect(state.accounts.search == "a")
    #expect(state.accounts.selection == Fixture.zurich.id)
    contents.accounts.removeAll { $0.id == Fixture.zurich.id }
    _ = AppFeature.reduce(&state, .accounts(.loaded(contents)))
    #expect(state.accounts.selection == state.accounts.visibleAccounts.first?.id)
  }
}
