import Domain

/// The password screen. Attempts are unlimited and never touch the file.
public enum UnlockFeature {
  /// What the screen shows.
  public struct State: Equatable, Sendable {
    /// The password typed so far (shown masked).
    public var password = ""
    /// The last failure, for people.
    public var message: String?
    /// Where the vault is.
    public var vaultLocation: String
    /// Failed attempts so far.
    public var failedAttempts = 0

    /// An empty screen for the vault at `vaultLocation`.
    public init(vaultLocation: String) { self.vaultLocation = vaultLocation }

    /// One bullet per typed character.
    public var maskedPassword: String { String(repeating: "•", count: password.count) }
  }

  /// What happened.
  public enum Action: Equatable, Sendable {
    /// Text typed.
    case typed(String)
    /// The last character erased.
    case backspace
    /// The whole entry replaced (a toolkit's password entry reports its text).
    case passwordChanged(String)
    /// Enter pressed.
    case submitted
    /// The vault opened.
    case unlocked
    /// The vault did not open.
    case failed(DomainError)
  }

  /// Work to do.
  public enum Effect: Equatable, Sendable {
    /// Try the password.
    case unlock(password: String)
  }

  /// Pure state transition.
  public static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    switch action {
    case .typed(let text):
      state.password += text.filter { !$0.isNewline }
      return []
    case .backspace:
      if !state.password.isEmpty { state.password.removeLast() }
      return []
    case .passwordChanged(let text):
      state.password = text.filter { !$0.isNewline }
      return []
    case .submitted:
      guard !state.password.isEmpty else {
        state.message = "Type the vault password, then Enter."
        return []
      }
      let password = state.password
      state.message = nil
      return [.unlock(password: password)]
    case .unlocked:
      state.password = ""
      state.message = nil
      state.failedAttempts = 0
      return []
    case .failed(let error):
      state.password = ""
      state.failedAttempts += 1
      state.message = Messages.text(for: error)
      return []
    }
  }
}
