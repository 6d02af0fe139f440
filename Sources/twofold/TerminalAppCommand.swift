import AppSession
import Arguments
import Crypto
import Data
import Domain
import Infrastructure
import Presentation
import Synchronization
import TerminalUI

/// `twofold` on a terminal and `twofold demo`: the full-screen app, built here from the real
/// vault repository (or the in-memory demo vault), the system clipboard, the settings file and
/// libqrencode when it is installed.
struct TerminalAppCommand {
  let environment: Environment
  let arguments: ParsedArguments

  /// The app on the demo vault: no password, nothing written (settings stay in memory).
  func runDemo() throws(CommandFailure) {
    guard environment.isTerminal() else { throw .usage("'demo' needs a terminal: run it in one") }
    let ids = IdentifierSource.uuid(random: RandomSource.secure.bytes)
    let services = VaultServices(repository: DemoVault.repository(ids: ids), ids: ids)
    let settings = Mutex(AppSettings())
    let store = SettingsRepository(
      load: { settings.withLock { $0 } }, save: { new in settings.withLock { $0 = new } })
    let dependencies = AppDependencies(
      unlock: { _ in services }, clipboard: .system(variables: environment.variables), settings: store,
      renderQR: QRCode.rendered)
    let state = AppFeature.State(
      vaultLocation: "demo", locked: false, settings: store.load(), now: environment.now())
    try run(
      AppStore(state: state, dependencies: dependencies, services: services),
      title: "demo vault in memory: nothing is saved",
      settingsNote: "Demo: settings last until you quit.")
  }

  /// The app on the vault: the password screen, or straight to the list when the vault is not
  /// encrypted or `--password-file` / `$TWOFOLD_PASSWORD` opens it. With no vault yet, offers to create one.
  func runVault() throws(CommandFailure) {
    let session = try VaultSession(options: arguments, environment: environment)
    // The keyring's warnings are not written over the full-screen app.
    let vault = InteractiveVault(
      path: session.path, agent: session.agent, now: environment.now, ids: session.ids,
      keyring: session.keyring.map(\.keyring), faultPoint: environment.vaultFaultPoint)
    let settings = FileSettingsStore(vaultPath: session.path)
    var opened: VaultServices?
    var encrypted = true
    if !session.storage.exists() {
      opened = try createVault(session, vault)
    } else {
      switch try domain(session, vault.openWithoutPassword) {
      case .unencrypted(let services):
        opened = services
        encrypted = false
      case .throughAgent(let services):
        opened = services
      case nil:
        if var password = try configuredPassword(session) {
          defer { wipe(&password) }
          opened = try domain(session) { () throws(DomainError) in
            try vault.unlock(password: password, handOver: false)
          }
        }
      }
    }
    let dependencies = AppDependencies(
      // A password typed here goes to the agent too, as a command's would.
      unlock: { (password) throws(DomainError) in try vault.unlock(password: password) },
      clipboard: .system(variables: environment.variables), settings: settings.repository,
      renderQR: QRCode.rendered)
    var state = AppFeature.State(
      vaultLocation: session.path, locked: opened == nil, settings: settings.load(), now: environment.now())
    state.canLock = encrypted
    try run(
      AppStore(state: state, dependencies: dependencies, services: opened), title: session.path,
      settingsNote: "Saved in \(settings.path).", vaultChanged: vault.changeWatcher())
  }

  private func run(
    _ store: AppStore, title: String, settingsNote: String, vaultChanged: @escaping () -> Bool = { false }
  ) throws(CommandFailure) {
    let configuration = TerminalApp.Configuration(
      title: title, settingsNote: settingsNote, useColor: (environment.variables["NO_COLOR"] ?? "").isEmpty)
    do {
      try TerminalApp(
        store: store, configuration: configuration, milliseconds: environment.milliseconds,
        vaultChanged: vaultChanged
      ).run()
    } catch {
      throw .failed(error.message)
    }
  }

  /// `--password-file` or `$TWOFOLD_PASSWORD`, when given; never a prompt (the app asks).
  private func configuredPassword(_ session: VaultSession) throws(CommandFailure) -> [UInt8]? {
    if let file = arguments.value("password-file") {
      return try domain(session) { () throws(DomainError) in try PasswordSources.firstLine(of: file) }
    }
    return session.passwords.variable.map { Array($0.utf8) }
  }

  /// First run: asks whether to create the vault, then its password (twice), and opens it.
  private func createVault(
    _ session: VaultSession, _ vault: InteractiveVault
  ) throws(CommandFailure) -> VaultServices {
    let refusal = CommandFailure.failed(
      "no vault at \(session.path): run 'twofold init' to create one, or 'twofold demo' to try Twofold")
    guard TerminalPrompt.hasTerminal else { throw refusal }
    let answer = TerminalPrompt().ask(
      "There is no vault at \(session.path). Create one now? [y/N] ", secret: false)
    guard let answer, ["y", "yes"].contains(String(decoding: answer, as: UTF8.self).lowercased()) else {
      throw refusal
    }
    var configured = try configuredPassword(session)
    defer { if configured != nil { wipe(&configured!) } }
    return try domain(session) { () throws(DomainError) in
      var password = configured ?? []
      if configured == nil {
        password = try session.passwords.newPassword(file: nil, prompt: "New vault password: ")
      }
      defer { wipe(&password) }
      guard !password.isEmpty else { throw .invalidField(.password, "the password is empty") }
      try AegisVaultRepository.create(
        storage: session.storage, password: password, random: .secure, ids: session.ids)
      environment.standardOutput("created an encrypted vault at \(session.path)\n")
      return try vault.unlock(password: password, handOver: false)
    }
  }

  private func domain<Result>(
    _ session: VaultSession, _ body: () throws(DomainError) -> Result
  ) throws(CommandFailure) -> Result {
    do {
      return try body()
    } catch {
      throw session.failure(error)
    }
  }
}
