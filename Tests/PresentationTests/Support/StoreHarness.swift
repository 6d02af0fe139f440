import Domain
import OTP
import Presentation
import Synchronization

/// A store over an in-memory vault holding the fixture accounts, with a recording clipboard,
/// in-memory settings and a QR renderer that draws a tiny code.
struct StoreHarness {
  /// The only password the vault opens with.
  static let password = "correct horse"
  /// The one picture the QR scanner reads an account from, and that account.
  static let scannable = "/pictures/acme-qr.png"
  static let scanned = NewAccount(
    issuer: "Acme", name: "scanned", otp: try! OTPParameters(type: .totp, secret: Fixture.rfcSecret))
  /// The one file the import reads, and the account it holds.
  static let importable = "/exports/one.json"
  static let imported = NewAccount(
    issuer: "Imported", name: "one", otp: try! OTPParameters(type: .totp, secret: Fixture.githubSecret))
  /// What the QR renderer returns for every text.
  static let tinyQR = QRCode(size: 1, modules: [true])
  /// The one icon file the icon loader reads, and its icon; the packs offer it for GitHub.
  static let iconFile = "/icons/github.svg"
  static let icon = try! AccountIcon(format: .svg, bytes: Array(#"<svg viewBox="0 0 1 1"/>"#.utf8))
  static let iconChoice = IconChoice(
    pack: "Aegis Icons", name: "GitHub", category: "Development", path: iconFile, format: .svg, isMatch: true)

  let repository: InMemoryVaultRepository
  let clipboard = RecordingClipboard()
  /// Every export the store asked for.
  var exports: [(ExportFeature.Request, VaultContents?)] { exported.entries.withLock { $0 } }
  private let exported = ExportLog()
  let settings: InMemorySettings
  let store: AppStore
  /// How many conflict copies the vault's services report.
  let copies = Counter()
  /// The problem of the last sync without being asked the vault's services report.
  let syncProblem = SharedText()

  /// A store at `now`: locked behind `password`, or already open like the demo.
  init(
    locked: Bool = true, now: Int64 = Fixture.Time.early, settings: AppSettings = AppSettings(),
    contents: VaultContents = Fixture.vault, conflictCopies: Int = 0
  ) {
    let repository = InMemoryVaultRepository(contents)
    let ids = IdentifierSource.counting()
    copies.value.withLock { $0 = conflictCopies }
    let services = VaultServices(
      repository: repository, ids: ids, conflictCopies: { [copies] in copies.value.withLock { $0 } },
      syncProblem: { [syncProblem] in syncProblem.value.withLock { $0 } })
    self.repository = repository
    self.settings = InMemorySettings(settings)
    let dependencies = AppDependencies(
      unlock: { (password) throws(DomainError) in
        guard password == Array(Self.password.utf8) else { throw .wrongPassword }
        return services
      },
      clipboard: clipboard.port, settings: self.settings.repository, renderQR: { _ in .success(Self.tinyQR) },
      scanQR: { source in
        guard source == .imageFile(Self.scannable) else {
          return .failure(ClipboardFailure("No QR code found."))
        }
        return .success(Self.scanned)
      },
      readImport: { file, _ in
        guard file == Self.importable else { return .failed("No such file.") }
        return .candidates([.account(Self.imported)])
      },
      export: { [exported] request, contents in
        exported.entries.withLock { $0.append((request, contents)) }
        return .success(request.destination)
      },
      iconChoices: { issuer in issuer == "GitHub" ? [Self.iconChoice] : [] },
      loadIcon: { path in
        guard path == Self.iconFile else { return .failure(IconFailure("\(path) is not an image.")) }
        return .success(Self.icon)
      })
    let state = AppFeature.State(vaultLocation: "memory", locked: locked, settings: settings, now: now)
    store = AppStore(state: state, dependencies: dependencies, services: locked ? nil : services)
    store.send(.started)
  }

  /// A store already unlocked with the right password.
  static func unlocked(now: Int64 = Fixture.Time.early, settings: AppSettings = AppSettings()) -> StoreHarness
  {
    let harness = StoreHarness(now: now, settings: settings)
    harness.unlock(password)
    return harness
  }

  /// Types `password` and presses Enter.
  func unlock(_ password: String) {
    store.send(.unlock(.typed(password)))
    store.send(.unlock(.submitted))
  }

  /// Sends each action in order.
  func send(_ actions: AppFeature.Action...) {
    for action in actions { store.send(action) }
  }

  /// Selects `account` with the arrow keys, from the top of the list.
  func select(_ account: Account) {
    store.send(.accounts(.moveToEdge(last: false)))
    let index = store.state.accounts.visibleAccounts.firstIndex { $0.id == account.id } ?? 0
    store.send(.accounts(.moveSelection(index)))
  }

  /// The stored account with `id`.
  func stored(_ id: Account.ID) -> Account? {
    (try? repository.load())?.accounts.first { $0.id == id }
  }

  /// The list's row of `id`.
  func row(_ id: Account.ID) -> AccountRow? {
    store.state.accounts.rows.first { $0.id == id }
  }
}

/// The exports a harness's store asked for.
/// A number the test changes while the store reads it.
final class Counter: Sendable {
  let value = Mutex(0)
}

/// A text the test changes while the store reads it.
final class SharedText: Sendable {
  let value = Mutex<String?>(nil)
}

final class ExportLog: Sendable {
  let entries = Mutex<[(ExportFeature.Request, VaultContents?)]>([])
}
