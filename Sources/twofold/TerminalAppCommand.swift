import Agent
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
      unlock: { _ in services }, clipboard: clipboard, settings: store, renderQR: renderQR)
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
    let settings = FileSettingsStore(vaultPath: session.path)
    var opened: VaultServices?
    var encrypted = true
    if !session.storage.exists() {
      opened = try createVault(session)
    } else {
      do throws(DomainError) {
        opened = try open(session, password: nil)
        encrypted = false
      } catch .passwordRequired {
        if let held = openThroughAgent(session) {
          opened = held
        } else if var password = try configuredPassword(session) {
          defer { wipe(&password) }
          opened = try domain(session) { () throws(DomainError) in try open(session, password: password) }
        }
      } catch {
        throw session.failure(error)
      }
    }
    let storage = session.storage
    let ids = session.ids
    let agent = session.agent
    let vault = AgentProcess.absolutePath(session.path)
    let dependencies = AppDependencies(
      unlock: { (password) throws(DomainError) in
        // A password typed here goes to the agent too, as a command's would.
        try TerminalAppCommand.services(storage: storage, ids: ids, password: password) { repository in
          if agent.isEnabled {
            _ = agent.handOver(
              repository, vault: vault, idle: AgentAccess.defaultIdle, max: AgentAccess.defaultMax)
          }
        }
      },
      clipboard: clipboard, settings: settings.repository, renderQR: renderQR)
    var state = AppFeature.State(
      vaultLocation: session.path, locked: opened == nil, settings: settings.load(), now: environment.now())
    state.canLock = encrypted
    try run(
      AppStore(state: state, dependencies: dependencies, services: opened), title: session.path,
      settingsNote: "Saved in \(settings.path).", watching: session.path)
  }

  private func run(
    _ store: AppStore, title: String, settingsNote: String, watching vault: String? = nil
  ) throws(CommandFailure) {
    let configuration = TerminalApp.Configuration(
      title: title, settingsNote: settingsNote, useColor: (environment.variables["NO_COLOR"] ?? "").isEmpty)
    let watcher = vault.map { FileWatcher(path: $0) }
    do {
      try TerminalApp(
        store: store, configuration: configuration, milliseconds: environment.milliseconds,
        vaultChanged: { watcher?.changed() ?? false }
      ).run()
    } catch {
      throw .failed(error.message)
    }
  }

  /// The use cases over the vault opened with `password`; a wrong password throws and leaves the file as it is.
  /// The repository keeps a copy of the password while the vault is open, to open the file again
  /// should it be replaced by one its key does not open; in `SecretBytes`, so it is wiped when
  /// the app locks or quits, and each copy handed to the repository is wiped after use.
  static func services(
    storage: FileVaultStorage, ids: IdentifierSource, password: [UInt8],
    opened: (AegisVaultRepository) -> Void = { _ in }
  ) throws(DomainError) -> VaultServices {
    let kept = SecretBytes(count: password.count) { $0.copyBytes(from: password) }
    let repository = AegisVaultRepository(
      storage: storage, password: { () throws(DomainError) in kept.withUnsafeBytes { Array($0) } },
      random: .secure, ids: ids)
    _ = try repository.load()
    opened(repository)
    return VaultServices(repository: repository, ids: ids)
  }

  /// The vault through the agent when it holds the key: the list opens without asking.
  private func openThroughAgent(_ session: VaultSession) -> VaultServices? {
    guard session.agent.isEnabled else { return nil }
    let direct = AegisVaultRepository(
      storage: session.storage, password: { () throws(DomainError) in throw .passwordRequired },
      random: .secure,
      ids: session.ids)
    let repository = AgentVaultRepository(
      vault: AgentProcess.absolutePath(session.path), client: session.agent.client, direct: direct)
    guard (try? repository.load()) != nil, repository.usesAgent else { return nil }
    return VaultServices(repository: repository, ids: session.ids)
  }

  /// Opens with `password`, or without one (an unencrypted vault; `.passwordRequired` otherwise).
  private func open(_ session: VaultSession, password: [UInt8]?) throws(DomainError) -> VaultServices {
    guard let password else {
      let repository = AegisVaultRepository(
        storage: session.storage, password: { () throws(DomainError) in throw .passwordRequired },
        random: .secure,
        ids: session.ids)
      _ = try repository.load()
      return VaultServices(repository: repository, ids: session.ids)
    }
    return try Self.services(storage: session.storage, ids: session.ids, password: password)
  }

  /// `--password-file` or `$TWOFOLD_PASSWORD`, when given; never a prompt (the app asks).
  private func configuredPassword(_ session: VaultSession) throws(CommandFailure) -> [UInt8]? {
    if let file = arguments.value("password-file") {
      return try domain(session) { () throws(DomainError) in try PasswordSources.firstLine(of: file) }
    }
    return session.passwords.variable.map { Array($0.utf8) }
  }

  /// First run: asks whether to create the vault, then its password (twice), and opens it.
  private func createVault(_ session: VaultSession) throws(CommandFailure) -> VaultServices {
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
      return try Self.services(storage: session.storage, ids: session.ids, password: password)
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

  private var clipboard: ClipboardPort {
    let system = SystemClipboard(variables: environment.variables)
    return ClipboardPort(
      copy: { (text) throws(ClipboardFailure) in
        do throws(SystemClipboard.Failure) {
          return try system.copy(text)
        } catch {
          switch error {
          case .noTool:
            throw ClipboardFailure(
              "No clipboard tool found: install wl-clipboard (Wayland), xclip or xsel (X11).")
          case .toolFailed(let reason):
            throw ClipboardFailure("Could not copy to the clipboard: \(reason).")
          }
        }
      },
      clear: { system.clear(ifStill: $0) })
  }

  private var renderQR: @Sendable (String) -> Result<QRCode, ClipboardFailure> {
    { text in
      LibQRencode.encode(text).map { QRCode(size: $0.size, modules: $0.dark) }.mapError {
        ClipboardFailure($0.message.prefix(1).uppercased() + $0.message.dropFirst() + ".")
      }
    }
  }
}
