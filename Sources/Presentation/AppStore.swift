import Domain

/// Runs the app: sends actions through the pure reducer and interprets the effects it returns
/// through the use cases, feeding results back as actions. The only code that does work.
public final class AppStore {
  /// The current state.
  public private(set) var state: AppFeature.State
  private let dependencies: AppDependencies
  private var services: VaultServices?

  /// A store starting in `state`; `services` is set when the vault needs no password.
  public init(state: AppFeature.State, dependencies: AppDependencies, services: VaultServices? = nil) {
    self.state = state
    self.dependencies = dependencies
    self.services = services
  }

  /// Sends an action and runs every effect that follows, until the state settles.
  public func send(_ action: AppFeature.Action) {
    var queue = [action]
    while !queue.isEmpty {
      let next = queue.removeFirst()
      for effect in AppFeature.reduce(&state, next) {
        queue += run(effect)
      }
    }
  }

  private func run(_ effect: AppFeature.Effect) -> [AppFeature.Action] {
    switch effect {
    case .unlock(.unlock(let password)):
      do throws(DomainError) {
        services = try dependencies.unlock(Array(password.utf8))
        return [.unlock(.unlocked)]
      } catch {
        return [.unlock(.failed(error))]
      }
    case .lock:
      services = nil
      return []
    case .accounts(let effect):
      return run(effect)
    case .editor(let effect):
      return run(effect).map(AppFeature.Action.editor)
    case .details(let effect):
      return run(effect)
    case .settings(let effect):
      return run(effect)
    case .importing(let effect):
      return run(effect).map(AppFeature.Action.importing)
    case .exporting(let effect):
      return run(effect).map(AppFeature.Action.exporting)
    }
  }

  /// Runs a details effect: the QR code, the icons, deleting the account.
  private func run(_ effect: DetailsFeature.Effect) -> [AppFeature.Action] {
    switch effect {
    case .renderQR(let text):
      switch dependencies.renderQR(text) {
      case .success(let code): return [.details(.qrRendered(code))]
      case .failure(let failure): return [.details(.qrFailed(failure.message))]
      }
    case .listIconChoices(let issuer):
      return [.details(.iconChoicesListed(dependencies.iconChoices(issuer)))]
    case .loadIcon(let path):
      switch dependencies.loadIcon(path) {
      case .success(let icon): return [.details(.iconLoaded(icon))]
      case .failure(let failure): return [.details(.iconFailed(failure.message))]
      }
    case .saveIcon(let id, let icon):
      guard let services else { return [] }
      do throws(DomainError) {
        return [.details(.iconSaved(try services.setIcon(id, icon)))]
      } catch .passwordRequired {
        return [.vaultLetGo]
      } catch {
        return [.details(.iconFailed(Messages.text(for: error)))]
      }
    case .delete(let id):
      guard let services else { return [] }
      do throws(DomainError) {
        try services.remove(id)
        return [.accounts(.deleted(id))]
      } catch .passwordRequired {
        return [.vaultLetGo]
      } catch {
        return [.details(.deleteFailed(Messages.text(for: error)))]
      }
    case .navigate:
      return []
    }
  }

  /// Runs a preferences effect: saving them, and the login keyring.
  private func run(_ effect: SettingsFeature.Effect) -> [AppFeature.Action] {
    switch effect {
    case .save(let settings):
      do throws(DomainError) {
        try dependencies.settings.save(settings)
        return []
      } catch {
        return [.accounts(.failed(Messages.text(for: error)))]
      }
    case .checkKeyring:
      return [.settings(.keyringChecked(dependencies.keyring.status()))]
    case .setKeyring(let on):
      if on, dependencies.keyring.needsPassword() { return [.settings(.keyringPasswordNeeded)] }
      switch on ? dependencies.keyring.enable(nil) : dependencies.keyring.disable() {
      case .success: return [.settings(.keyringChanged(on))]
      case .failure(let failure): return [.settings(.keyringFailed(failure.message))]
      }
    case .keepKeyring(let password):
      switch dependencies.keyring.enable(Array(password.utf8)) {
      case .success: return [.settings(.keyringChanged(true))]
      case .failure(let failure): return [.settings(.keyringFailed(failure.message))]
      }
    case .navigate:
      return []
    }
  }

  /// Runs an export: the vault's contents written by the exporter (the file opened with the
  /// request's password when the agent keeps the secrets).
  private func run(_ effect: ExportFeature.Effect) -> [ExportFeature.Action] {
    switch effect {
    case .export(let request):
      guard let services else { return [] }
      do throws(DomainError) {
        let contents = try services.load()
        let held = contents.accounts.contains { $0.otp.isWithheld } ? nil : contents
        switch dependencies.export(request, held) {
        case .success(let path): return [.exported(path)]
        case .failure(let failure): return [.failed(failure.message)]
        }
      } catch {
        return [.failed(Messages.text(for: error))]
      }
    }
  }

  /// Runs a list effect; a vault that asks for its password again (the agent let it go) goes
  /// back to the unlock screen instead of showing a failure.
  private func run(_ effect: AccountsFeature.Effect) -> [AppFeature.Action] {
    do throws(DomainError) {
      return try perform(effect).map(AppFeature.Action.accounts)
    } catch .passwordRequired {
      return [.vaultLetGo]
    } catch {
      return [.accounts(.failed(Messages.text(for: error)))]
    }
  }

  private func perform(_ effect: AccountsFeature.Effect) throws(DomainError) -> [AccountsFeature.Action] {
    guard let services else {
      if case .clearClipboard(let code) = effect { dependencies.clipboard.clear(code) }
      return []
    }
    switch effect {
    case .load:
      return [
        .loaded(try services.load()), .conflictCopiesCounted(services.conflictCopies()),
        .syncProblemRead(services.syncProblem()),
      ]
    case .fetchCodes(let accounts, let time):
      return [.codesFetched(try services.codes(accounts, time), at: time)]
    case .copy(let code):
      do throws(ClipboardFailure) {
        return [.copied(tool: try dependencies.clipboard.copy(code))]
      } catch {
        return [.failed(error.message)]
      }
    case .clearClipboard(let code):
      dependencies.clipboard.clear(code)
      return []
    case .nextHOTP(let id, let thenCopy):
      let code = try services.nextHOTP(id)
      return [.generated(id, code: code)] + (thenCopy ? [.copyRequested] : [])
    case .toggleFavorite(let id):
      try services.toggleFavorite(id)
      return [.loaded(try services.load())]
    case .delete(let id):
      try services.remove(id)
      return [.deleted(id)]
    case .navigate:
      return []
    case .quit:
      return []
    }
  }

  private func run(_ effect: ImportFeature.Effect) -> [ImportFeature.Action] {
    switch effect {
    case .read(let file, let password):
      return [.fileRead(dependencies.readImport(file, password))]
    case .importAccounts(let candidates, let skipBad, let dryRun):
      guard let services else { return [] }
      do throws(DomainError) {
        switch try services.importAccounts(candidates, skipBad, dryRun) {
        case .success(let report): return [dryRun ? .previewed(report) : .imported(report)]
        case .failure(let refused): return [.previewed(refused.report)]
        }
      } catch {
        return [.failed(error)]
      }
    }
  }

  private func run(_ effect: EditorFeature.Effect) -> [EditorFeature.Action] {
    if case .scan(let source) = effect {
      switch dependencies.scanQR(source) {
      case .success(let new): return [.scanned(new)]
      case .failure(let failure): return [.scanFailed(failure.message)]
      }
    }
    guard let services else { return [] }
    do throws(DomainError) {
      switch effect {
      case .add(let new): return [.saved(try services.add(new))]
      case .edit(let id, let changes): return [.saved(try services.edit(id, changes))]
      case .navigate, .scan: return []
      }
    } catch {
      return [.failed(error)]
    }
  }
}
