import Domain
import OTP
import Presentation
import Testing

@Suite("App store, end to end over an in-memory vault")
struct AppStoreTests {
  @Test("A wrong password is refused with a message and the list stays closed")
  func wrongPassword() {
    let harness = StoreHarness()
    harness.unlock("battery staple")
    let state = harness.store.state
    #expect(state.coordinator.stack == [.unlock])
    #expect(state.unlock.message == "Wrong password. Try again.")
    #expect(state.unlock.failedAttempts == 1)
    #expect(state.unlock.password == "")
    #expect(!state.accounts.isLoaded)
    #expect(state.accounts.rows.isEmpty)
  }

  @Test("The right password opens the list with the vault's accounts")
  func rightPassword() {
    let harness = StoreHarness()
    harness.unlock("nope")
    harness.unlock(StoreHarness.password)
    let state = harness.store.state
    #expect(state.coordinator.stack == [.accounts])
    #expect(state.unlock.message == nil)
    #expect(state.unlock.failedAttempts == 0)
    #expect(state.accounts.isLoaded)
    #expect(state.accounts.rows.map(\.id) == Fixture.displayOrder)
  }

  @Test("Each load counts the conflict copies waiting beside the vault")
  func conflictCopiesCounted() {
    let harness = StoreHarness(locked: false, conflictCopies: 2)
    #expect(harness.store.state.accounts.conflictCopies == 2)
    harness.copies.value.withLock { $0 = 0 }
    harness.send(.vaultChangedOnDisk)
    #expect(harness.store.state.accounts.conflictNotice == nil)
  }

  @Test("Each load reads the problem of the last sync without being asked; one that went goes")
  func syncProblemRead() {
    let harness = StoreHarness(locked: false)
    #expect(harness.store.state.accounts.syncNotice == nil)
    harness.syncProblem.value.withLock { $0 = "/s.json: the file is missing (since 2026-01-02 10:00:00)" }
    harness.send(.vaultChangedOnDisk)
    #expect(
      harness.store.state.accounts.syncNotice
        == "Sync failed: /s.json: the file is missing (since 2026-01-02 10:00:00)")
    harness.syncProblem.value.withLock { $0 = nil }
    harness.send(.vaultChangedOnDisk)
    #expect(harness.store.state.accounts.syncNotice == nil)
  }

  @Test("A QR code read in the add form fills its Key URI, and adding it saves that account")
  func scannedQRCode() throws {
    let harness = StoreHarness.unlocked()
    harness.send(.accounts(.addRequested), .editor(.scanRequested(.screen)))
    #expect(harness.store.state.editor?.message == "No QR code found.")
    harness.send(.editor(.scanRequested(.imageFile(StoreHarness.scannable))))
    let uri = try #require(harness.store.state.editor?.uri)
    #expect(try NewAccount(KeyURI(parsing: uri)) == StoreHarness.scanned)
    harness.send(.editor(.submitted))
    #expect(harness.store.state.coordinator.current == .accounts)
    let added = try #require(harness.repository.load().accounts.first { $0.name == "scanned" })
    #expect(added.issuer == "Acme")
    #expect(added.otp == StoreHarness.scanned.otp)
  }

  @Test("Importing a file previews it, asks nothing more, imports, and the list shows the accounts")
  func importing() throws {
    let harness = StoreHarness.unlocked()
    let before = try harness.repository.load().accounts.count
    harness.send(.importChosen(file: StoreHarness.importable))
    let preview = try #require(harness.store.state.importing?.preview)
    #expect(preview.added.map(\.label) == ["Imported:one"])
    #expect(try harness.repository.load().accounts.count == before, "a preview changes nothing")
    harness.send(.importing(.importConfirmed))
    #expect(harness.store.state.importing?.result?.added.count == 1)
    #expect(harness.store.state.accounts.contents.accounts.contains { $0.label == "Imported:one" })
    harness.send(.importClosed)
    #expect(harness.store.state.importing == nil)
  }

  @Test("Exporting hands the vault's contents, with their secrets, to the exporter, and says where it wrote")
  func exporting() throws {
    let harness = StoreHarness.unlocked()
    harness.send(
      .exportRequested, .exporting(.formatChosen(.uris)), .exporting(.destinationChosen("/backup/uris.txt")),
      .exporting(.exportRequested))
    #expect(harness.store.state.exporting?.needsVaultPassword == false)
    #expect(harness.store.state.exporting?.exported == "/backup/uris.txt")
    let (request, contents) = try #require(harness.exports.last)
    #expect(request.format == .uris)
    #expect(contents == (try harness.repository.load()), "the contents held, secrets and all")
  }

  @Test("A vault without a password opens straight on the list")
  func openDemo() {
    let harness = StoreHarness(locked: false)
    #expect(harness.store.state.coordinator.stack == [.accounts])
    #expect(harness.store.state.accounts.rows.map(\.id) == Fixture.displayOrder)
  }

  @Test("An account typed into the editor is saved and appears in the list")
  func addThroughEditor() {
    let harness = StoreHarness.unlocked()
    harness.send(.accounts(.addRequested), .editor(.focusMoved(1)), .editor(.typed("Example")))
    harness.send(.editor(.focusMoved(1)), .editor(.typed("me@example.com")))
    harness.send(.editor(.focusMoved(1)), .editor(.typed("JBSW Y3DP EHPK 3PXP")))
    harness.send(.editor(.focusMoved(-5)), .editor(.typed("Work, Home")))
    #expect(harness.store.state.editor?.focus == .groups)
    harness.send(.editor(.submitted))

    let state = harness.store.state
    #expect(state.editor == nil)
    #expect(state.coordinator.stack == [.accounts])
    let new = Account.ID("id-1")
    let stored = harness.stored(new)
    #expect(stored?.label == "Example:me@example.com")
    #expect(stored?.otp == (try? OTPParameters(type: .totp, secret: EditorFeatureSubmitTests.helloSecret)))
    #expect(
      state.accounts.rows.map(\.id) == [
        Fixture.github.id, Fixture.acme.id, new, Fixture.steam.id, Fixture.zurich.id, Fixture.zynga.id,
        Fixture.tokyo.id,
      ])
    let row = harness.row(new)
    #expect(row?.groups == ["Work", "Home"])
    let code = try? CodeGenerator(OTPParameters(type: .totp, secret: EditorFeatureSubmitTests.helloSecret))
      .code(at: Fixture.Time.early)
    #expect(row?.code == code.map(AccountRow.grouped))
  }

  @Test("Adding an account the vault already has keeps the editor open with the reason")
  func addDuplicate() {
    let harness = StoreHarness.unlocked()
    let uri = "otpauth://totp/Z%C3%BCrich%20Bank:alice?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
    harness.send(.accounts(.addRequested), .editor(.typed(uri)), .editor(.submitted))
    let state = harness.store.state
    #expect(state.coordinator.current == .editor(nil))
    #expect(state.editor?.message == "Zürich Bank:alice is already in the vault with the same secret.")
    #expect((try? harness.repository.load()) == Fixture.vault)
  }

  @Test("An edited account is saved and the list shows the change")
  func edit() {
    let harness = StoreHarness.unlocked()
    harness.select(Fixture.zurich)
    harness.send(.accounts(.editRequested), .editor(.focusMoved(1)))
    for _ in "alice" { harness.send(.editor(.backspace)) }
    harness.send(.editor(.typed("bob")), .editor(.focusMoved(2)), .editor(.typed(", Banking")))
    harness.send(.editor(.submitted))

    #expect(harness.store.state.editor == nil)
    #expect(harness.store.state.coordinator.stack == [.accounts])
    #expect(harness.stored(Fixture.zurich.id)?.name == "bob")
    #expect(harness.stored(Fixture.zurich.id)?.otp == Fixture.zurich.otp)
    #expect(harness.row(Fixture.zurich.id)?.name == "bob")
    #expect(harness.row(Fixture.zurich.id)?.groups == ["Travel", "Banking"])
  }

  @Test("An account is deleted only after confirmation")
  func delete() {
    let harness = StoreHarness.unlocked()
    harness.select(Fixture.steam)
    harness.send(.accounts(.deleteRequested))
    #expect(harness.store.state.accounts.pendingDelete == Fixture.steam.id)
    harness.send(.accounts(.deleteCancelled))
    #expect(harness.stored(Fixture.steam.id) != nil)
    harness.send(.accounts(.deleteRequested), .accounts(.deleteConfirmed))

    #expect(harness.stored(Fixture.steam.id) == nil)
    let state = harness.store.state.accounts
    #expect(state.rows.map(\.id) == Fixture.displayOrder.filter { $0 != Fixture.steam.id })
    #expect(state.message == "Deleted Steam:gaben.")
    #expect(state.pendingDelete == nil)
  }

  @Test("Marking a favorite moves it up among the favorites, and unmarking moves it back")
  func favorite() {
    let harness = StoreHarness.unlocked()
    harness.select(Fixture.zynga)
    harness.send(.accounts(.favoriteToggled))
    #expect(harness.stored(Fixture.zynga.id)?.favorite == true)
    #expect(
      harness.store.state.accounts.rows.map(\.id) == [
        Fixture.github.id, Fixture.zynga.id, Fixture.acme.id, Fixture.steam.id, Fixture.zurich.id,
        Fixture.tokyo.id,
      ])
    #expect(harness.store.state.accounts.selection == Fixture.zynga.id)
    harness.send(.accounts(.favoriteToggled))
    #expect(harness.store.state.accounts.rows.map(\.id) == Fixture.displayOrder)
  }

  @Test("Each HOTP code advances the stored counter by one and shows the RFC 4226 code")
  func hotp() {
    let harness = StoreHarness.unlocked()
    harness.select(Fixture.acme)
    var seen: [(UInt64?, String?)] = []
    for _ in 0..<3 {
      harness.send(.accounts(.generateRequested))
      seen.append((harness.stored(Fixture.acme.id)?.otp.counter, harness.row(Fixture.acme.id)?.code))
    }
    #expect(seen.map(\.0) == [1, 2, 3])
    #expect(seen.map(\.1) == ["755 224", "287 082", "359 152"])
    #expect(harness.clipboard.events == [])
  }

  @Test("A copied code is on the clipboard and cleared 30 seconds later, once")
  func copyAndClear() {
    let harness = StoreHarness.unlocked(now: Fixture.Time.endOfFirstPeriod)
    harness.select(Fixture.zurich)
    harness.send(.accounts(.copyRequested))
    #expect(harness.clipboard.events == [.copied("287082")])
    #expect(
      harness.store.state.accounts.message == "Copied Zürich Bank:alice with test-clipboard; cleared in 30 s."
    )
    harness.send(.tick(88))
    #expect(harness.clipboard.events == [.copied("287082")])
    harness.send(.tick(89), .tick(90), .tick(120))
    #expect(harness.clipboard.events == [.copied("287082"), .cleared(ifStill: "287082")])
  }

  @Test("Copying an HOTP account generates its next code and copies it")
  func copyHOTP() {
    let harness = StoreHarness.unlocked()
    harness.select(Fixture.acme)
    harness.send(.accounts(.copyRequested))
    #expect(harness.clipboard.events == [.copied("755224")])
    #expect(harness.stored(Fixture.acme.id)?.otp.counter == 1)
    #expect(harness.row(Fixture.acme.id)?.code == "755 224")
    harness.send(.accounts(.copyRequested))
    #expect(harness.clipboard.events == [.copied("755224"), .copied("755224")])
    #expect(harness.stored(Fixture.acme.id)?.otp.counter == 1)
  }

  @Test("The details screen draws the QR code on request")
  func qr() {
    let harness = StoreHarness.unlocked()
    harness.select(Fixture.tokyo)
    harness.send(.accounts(.detailsRequested), .details(.qrRequested))
    #expect(harness.store.state.details?.qr == StoreHarness.tinyQR)
    harness.send(.details(.closed))
    #expect(harness.store.state.details == nil)
    #expect(harness.store.state.coordinator.stack == [.accounts])
  }

  @Test("A settings change is saved and hides the codes of the rows not selected")
  func settings() {
    let harness = StoreHarness.unlocked()
    harness.select(Fixture.zurich)
    harness.send(.accounts(.settingsRequested), .settings(.focusMoved(1)), .settings(.valueChanged(1)))
    #expect(harness.settings.saves == [AppSettings(hideCodes: true)])
    harness.send(.settings(.closed))
    #expect(harness.store.state.accounts.rows.filter { $0.code != nil }.map(\.id) == [Fixture.zurich.id])
  }

  @Test("After the idle minutes the vault locks and needs the password again")
  func autoLock() {
    let start = Fixture.Time.early
    let harness = StoreHarness.unlocked(now: start, settings: AppSettings(autoLockMinutes: 1))
    harness.send(.keyPressed(at: start + 30), .tick(start + 60))
    #expect(harness.store.state.coordinator.stack == [.accounts])
    harness.send(.tick(start + 90))
    #expect(harness.store.state.coordinator.stack == [.unlock])
    harness.send(.accounts(.appeared))
    #expect(!harness.store.state.accounts.isLoaded)
    harness.unlock(StoreHarness.password)
    #expect(harness.store.state.accounts.rows.map(\.id) == Fixture.displayOrder)
  }

  @Test("Locking while a code is on the clipboard still clears it")
  func lockClearsClipboard() {
    let start = Fixture.Time.endOfFirstPeriod
    let harness = StoreHarness.unlocked(now: start, settings: AppSettings(autoLockMinutes: 1))
    harness.select(Fixture.zurich)
    harness.send(.accounts(.copyRequested), .tick(start + 3_600))
    #expect(harness.store.state.coordinator.stack == [.unlock])
    #expect(harness.clipboard.events == [.copied("287082"), .cleared(ifStill: "287082")])
  }

  @Test("Quitting from the list marks the app to end")
  func quit() {
    let harness = StoreHarness.unlocked()
    harness.send(.accounts(.quitRequested))
    #expect(harness.store.state.shouldQuit)
  }
}
