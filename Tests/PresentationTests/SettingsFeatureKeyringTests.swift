import Domain
import Presentation
import Synchronization
import Testing

/// "Unlock with the login keyring" on the preferences: asked when the screen appears, turned on
/// or off through the keyring port, the outcome (or one line why not) back in the state.
@Suite("Settings screen: unlock with the login keyring")
struct SettingsFeatureKeyringTests {
  typealias Case = ReducerCase<SettingsFeature.State, SettingsFeature.Action, SettingsFeature.Effect>

  static func state(
    available: Bool = true, enabled: Bool = false, message: String? = nil, asking: Bool = false
  ) -> SettingsFeature.State {
    var state = SettingsFeature.State(settings: AppSettings())
    state.keyringAvailable = available
    state.keyringEnabled = enabled
    state.keyringMessage = message
    state.keyringAsksPassword = asking
    return state
  }

  static let table: [Case] = [
    Case("appearing asks the keyring", state(available: false), .appeared, effects: [.checkKeyring]),
    Case(
      "a keyring holding the key: available and on", state(available: false), .keyringChecked(true),
      then: {
        $0.keyringAvailable = true
        $0.keyringEnabled = true
      }),
    Case(
      "a keyring without the key: available and off", state(available: false), .keyringChecked(false),
      then: { $0.keyringAvailable = true }),
    Case(
      "no keyring: not available, off", state(enabled: true), .keyringChecked(nil),
      then: {
        $0.keyringAvailable = false
        $0.keyringEnabled = false
      }),
    Case("turning it on keeps the key", state(), .keyringToggled(true), effects: [.setKeyring(true)]),
    Case(
      "turning it off removes the key", state(enabled: true), .keyringToggled(false),
      effects: [.setKeyring(false)]),
    Case(
      "turning it on again clears the last failure",
      state(message: "The login keyring was not changed: locked."),
      .keyringToggled(true), then: { $0.keyringMessage = nil }, effects: [.setKeyring(true)]),
    Case("turning on what is on does nothing", state(enabled: true), .keyringToggled(true)),
    Case("without a keyring the switch does nothing", state(available: false), .keyringToggled(true)),
    Case("the key kept: on", state(), .keyringChanged(true), then: { $0.keyringEnabled = true }),
    Case(
      "the key removed: off, the failure gone",
      state(enabled: true, message: "The login keyring was not changed: x."),
      .keyringChanged(false),
      then: {
        $0.keyringEnabled = false
        $0.keyringMessage = nil
      }),
    Case(
      "a failure: one line, the setting unchanged", state(),
      .keyringFailed("The login keyring was not changed: locked."),
      then: { $0.keyringMessage = "The login keyring was not changed: locked." }),
    Case(
      "the agent keeps the secrets: the vault's password is asked", state(), .keyringPasswordNeeded,
      then: { $0.keyringAsksPassword = true }),
    Case(
      "the password typed keeps the key with it", state(asking: true), .keyringPasswordEntered("pw"),
      effects: [.keepKeyring(password: "pw")]),
    Case("an empty password does nothing", state(asking: true), .keyringPasswordEntered("")),
    Case("a password nobody asked for does nothing", state(), .keyringPasswordEntered("pw")),
    Case(
      "a wrong password: one line, still asking", state(asking: true),
      .keyringFailed("Wrong password. Try again."),
      then: { $0.keyringMessage = "Wrong password. Try again." }),
    Case(
      "the key kept: on, no longer asking", state(asking: true), .keyringChanged(true),
      then: {
        $0.keyringEnabled = true
        $0.keyringAsksPassword = false
      }),
    Case(
      "turning the switch off while asking gives up",
      state(message: "Wrong password. Try again.", asking: true),
      .keyringToggled(false),
      then: {
        $0.keyringAsksPassword = false
        $0.keyringMessage = nil
      }),
  ]

  @Test("Keyring actions reduce to their state and effects", arguments: table)
  func reduces(_ row: Case) {
    row.check(SettingsFeature.reduce)
  }

  /// A keyring port over a flag, failing when told to; with `password`, keeping the key needs
  /// that password (as when the agent keeps the vault's secrets).
  final class FakeKeyring: Sendable {
    let state = Mutex((enabled: false, failing: nil as String?, calls: [String]()))
    let password: String?

    init(password: String? = nil) { self.password = password }

    var port: KeyringPort {
      KeyringPort(
        status: { self.state.withLock { $0.enabled } },
        needsPassword: { self.password != nil },
        enable: { typed in
          if let password = self.password, typed != Array(password.utf8) {
            self.state.withLock { $0.calls.append("refused") }
            return .failure(ClipboardFailure("Wrong password. Try again."))
          }
          return self.set(true)
        },
        disable: { self.set(false) })
    }

    private func set(_ on: Bool) -> Result<Void, ClipboardFailure> {
      state.withLock { state in
        state.calls.append(on ? "enable" : "disable")
        if let failing = state.failing { return .failure(ClipboardFailure(failing)) }
        state.enabled = on
        return .success(())
      }
    }
  }

  static func store(_ keyring: KeyringPort) -> AppStore {
    let dependencies = AppDependencies(
      unlock: { _ throws(DomainError) in throw .wrongPassword }, clipboard: RecordingClipboard().port,
      settings: InMemorySettings(AppSettings()).repository,
      renderQR: { _ in .success(QRCode(size: 1, modules: [true])) },
      keyring: keyring)
    let state = AppFeature.State(vaultLocation: "memory", locked: false, settings: AppSettings(), now: 0)
    return AppStore(state: state, dependencies: dependencies)
  }

  @Test("The store asks the keyring when the screen appears and turns it on and off through the port")
  func storeTurnsItOnAndOff() {
    let keyring = FakeKeyring()
    let store = Self.store(keyring.port)
    store.send(.settings(.appeared))
    #expect(store.state.settings.keyringAvailable)
    #expect(!store.state.settings.keyringEnabled)
    store.send(.settings(.keyringToggled(true)))
    #expect(store.state.settings.keyringEnabled)
    #expect(keyring.state.withLock { $0.enabled })
    store.send(.settings(.keyringToggled(false)))
    #expect(!store.state.settings.keyringEnabled)
    #expect(keyring.state.withLock { $0.calls } == ["enable", "disable"])
  }

  @Test(
    "When the agent keeps the secrets, turning it on asks the vault's password; a wrong one keeps nothing")
  func storeAsksThePassword() {
    let keyring = FakeKeyring(password: "right")
    let store = Self.store(keyring.port)
    store.send(.settings(.appeared))
    store.send(.settings(.keyringToggled(true)))
    #expect(store.state.settings.keyringAsksPassword)
    #expect(!store.state.settings.keyringEnabled)
    #expect(keyring.state.withLock { $0.calls }.isEmpty)
    store.send(.settings(.keyringPasswordEntered("wrong")))
    #expect(store.state.settings.keyringAsksPassword)
    #expect(store.state.settings.keyringMessage == "Wrong password. Try again.")
    #expect(!keyring.state.withLock { $0.enabled })
    store.send(.settings(.keyringPasswordEntered("right")))
    #expect(store.state.settings.keyringEnabled)
    #expect(!store.state.settings.keyringAsksPassword)
    #expect(keyring.state.withLock { $0.calls } == ["refused", "enable"])
  }

  @Test("A failure leaves the setting as it was, with the port's one line")
  func storeFailure() {
    let keyring = FakeKeyring()
    keyring.state.withLock { $0.failing = "The login keyring was not changed: the login keyring is locked." }
    let store = Self.store(keyring.port)
    store.send(.settings(.appeared))
    store.send(.settings(.keyringToggled(true)))
    #expect(!store.state.settings.keyringEnabled)
    #expect(
      store.state.settings.keyringMessage == "The login keyring was not changed: the login keyring is locked."
    )
  }

  @Test("Without a keyring (the default port) the setting is not offered and the switch does nothing")
  func noKeyring() {
    let store = Self.store(.unavailable)
    store.send(.settings(.appeared))
    store.send(.settings(.keyringToggled(true)))
    #expect(!store.state.settings.keyringAvailable)
    #expect(!store.state.settings.keyringEnabled)
    #expect(store.state.settings.keyringMessage == nil)
  }
}
