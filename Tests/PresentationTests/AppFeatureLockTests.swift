import Domain
import Presentation
import Testing

@Suite("App auto-lock")
struct AppFeatureLockTests {
  static let start = AppFeatureTests.start

  static func unlocked(minutes: Int) -> AppFeature.State {
    AppFeatureTests.unlocked(selecting: Fixture.zurich, AppSettings(autoLockMinutes: minutes))
  }

  static func demo(minutes: Int) -> AppFeature.State {
    var state = AppFeature.State(
      vaultLocation: "demo", locked: false, settings: AppSettings(autoLockMinutes: minutes), now: start)
    _ = AppFeature.reduce(&state, .accounts(.loaded(Fixture.vault)))
    return state
  }

  @Test(
    "The vault locks after the chosen idle minutes, counted from the last key press",
    arguments: [
      ("not before a minute", 1, [], 59, false),
      ("after a minute", 1, [], 60, true),
      ("long after", 1, [], 3_600, true),
      ("a key press restarts the count", 1, [50], 60, false),
      ("a minute after the last key press", 1, [50], 110, true),
      ("five minutes less a second", 5, [], 299, false),
      ("five minutes", 5, [], 300, true),
      ("never with auto-lock off", 0, [], 86_400, false),
    ] as [(String, Int, [Int64], Int64, Bool)])
  func locks(_ what: String, minutes: Int, keyPresses: [Int64], tick: Int64, locks: Bool) {
    var state = Self.unlocked(minutes: minutes)
    for press in keyPresses { _ = AppFeature.reduce(&state, .keyPressed(at: Self.start + press)) }
    let effects = AppFeature.reduce(&state, .tick(Self.start + tick))
    #expect(effects == (locks ? [.lock] : []))
    #expect(state.coordinator.current == (locks ? .unlock : .accounts))
  }

  @Test("Locking returns to the password screen and forgets the accounts, keeping the settings")
  func lockResets() {
    let settings = AppSettings(theme: .dark, hideCodes: true, autoLockMinutes: 1)
    var state = AppFeatureTests.unlocked(selecting: Fixture.zurich, settings)
    _ = AppFeature.reduce(&state, .accounts(.generated(Fixture.acme.id, code: "755224")))
    _ = AppFeature.reduce(&state, .accounts(.editRequested))
    #expect(state.editor != nil)
    let effects = AppFeature.reduce(&state, .tick(Self.start + 60))
    #expect(effects == [.lock])
    #expect(state.coordinator.stack == [.unlock])
    #expect(state.editor == nil)
    #expect(state.details == nil)
    var fresh = AccountsFeature.State(now: Self.start + 60)
    fresh.settings = settings
    #expect(state.accounts == fresh)
    #expect(state.accounts.rows.isEmpty)
    #expect(state.unlock.message == "Locked after 1 idle minute.")
  }

  @Test("The lock message counts minutes in words people use")
  func lockMessage() {
    var state = Self.unlocked(minutes: 15)
    _ = AppFeature.reduce(&state, .tick(Self.start + 15 * 60))
    #expect(state.unlock.message == "Locked after 15 idle minutes.")
  }

  @Test("Locking with a copied code on the clipboard clears it before dropping the vault")
  func lockClearsClipboard() {
    var state = Self.unlocked(minutes: 1)
    _ = AppFeature.reduce(&state, .accounts(.copied(tool: "xclip")))
    let code = Fixture.code(Fixture.zurich, at: Self.start)
    #expect(state.accounts.clipboard?.code == code)
    let effects = AppFeature.reduce(&state, .tick(Self.start + 3_600))
    #expect(effects == [.accounts(.clearClipboard(ifStill: code)), .lock])
    #expect(state.accounts.clipboard == nil)
  }

  @Test("A locked app does not lock again")
  func lockedStaysQuiet() {
    var state = Self.unlocked(minutes: 1)
    _ = AppFeature.reduce(&state, .tick(Self.start + 60))
    #expect(AppFeature.reduce(&state, .tick(Self.start + 600)) == [])
    #expect(state.coordinator.stack == [.unlock])
  }

  @Test("Unlocking again after a lock shows and loads the list")
  func unlockAfterLock() {
    var state = Self.unlocked(minutes: 1)
    _ = AppFeature.reduce(&state, .tick(Self.start + 60))
    let effects = AppFeature.reduce(&state, .unlock(.unlocked))
    #expect(effects == [.accounts(.load)])
    #expect(state.coordinator.stack == [.accounts])
    #expect(state.unlock.message == nil)
  }

  @Test("A demo vault, which has no password, never locks", arguments: [0, 1, 5])
  func demoNeverLocks(minutes: Int) {
    var state = Self.demo(minutes: minutes)
    let effects = AppFeature.reduce(&state, .tick(Self.start + 86_400))
    #expect(effects == [])
    #expect(state.coordinator.stack == [.accounts])
    #expect(state.accounts.rows.count == 6)
  }

  @Test("Idle time counts on every screen, not only the list")
  func locksFromSettings() {
    var state = Self.unlocked(minutes: 1)
    _ = AppFeature.reduce(&state, .accounts(.settingsRequested))
    #expect(AppFeature.reduce(&state, .tick(Self.start + 60)) == [.lock])
    #expect(state.coordinator.stack == [.unlock])
  }

  @Test("Choosing a shorter auto-lock in the settings takes effect at the next tick")
  func settingsReachLock() {
    var state = Self.unlocked(minutes: 30)
    _ = AppFeature.reduce(&state, .accounts(.settingsRequested))
    state.settings.focus = .autoLock
    _ = AppFeature.reduce(&state, .settings(.valueChanged(-5)))
    #expect(state.settings.settings.autoLockMinutes == 1)
    #expect(AppFeature.reduce(&state, .tick(Self.start + 60)) == [.lock])
  }

  @Test("A vault the agent let go returns to the password screen, keeping the search, not blank codes")
  func vaultLetGo() {
    var state = Self.unlocked(minutes: 0)
    _ = AppFeature.reduce(&state, .accounts(.searchChanged("zur")))
    let effects = AppFeature.reduce(&state, .vaultLetGo)
    #expect(effects == [.lock])
    #expect(state.coordinator.current == .unlock)
    #expect(state.accounts.search == "zur")
    #expect(!state.accounts.isLoaded && state.accounts.contents.accounts.isEmpty)
    #expect(state.unlock.message == "The vault was locked: type its password again.")
    #expect(AppFeature.reduce(&state, .vaultLetGo) == [], "already on the password screen")
  }

  @Test("The store turns a code fetch that needs the password into the password screen")
  func storeSeesVaultLetGo() {
    let repository = InMemoryVaultRepository(Fixture.vault)
    var failing = VaultServices(repository: repository, ids: .counting())
    failing.codes = { (_, _) throws(DomainError) in throw .passwordRequired }
    let services = failing
    let dependencies = AppDependencies(
      unlock: { (_) throws(DomainError) in services }, clipboard: RecordingClipboard().port,
      settings: InMemorySettings(AppSettings()).repository, renderQR: { _ in .success(StoreHarness.tinyQR) })
    var state = AppFeature.State(
      vaultLocation: "agent", locked: false, settings: AppSettings(), now: Self.start)
    state.canLock = true
    let store = AppStore(state: state, dependencies: dependencies, services: services)
    store.send(.accounts(.searchChanged("zur")))
    // Accounts whose secrets stay with the agent: their codes are fetched, and the fetch fails.
    store.send(.accounts(.loaded(AccountsFeatureWithheldTests.contents)))
    #expect(store.state.coordinator.current == .unlock)
    #expect(store.state.accounts.search == "zur")
  }
}
