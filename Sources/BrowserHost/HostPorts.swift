import Domain

/// What the host session reaches through: the vault (through the agent, or an unencrypted file),
/// the bindings file, the Public Suffix List, the askpass unlock and the clock. Tests give
/// in-memory values; `twofold browser-host` gives the real ones.
public struct HostPorts: Sendable {
  /// A failure of a port, with one line for people (never a secret).
  public struct Failure: Error, Equatable, Sendable {
    /// What went wrong.
    public var message: String

    /// A failure saying `message`.
    public init(_ message: String) { self.message = message }
  }

  /// A change the host makes to the bindings.
  public enum BindingsChange: Equatable, Sendable {
    /// Binds the account to the site (the popup, once the person confirmed).
    case bind(Account.ID, to: String)
    /// Drops every binding of these accounts (deleted since they were bound).
    case dropAccounts([Account.ID])

    /// Makes the change to `bindings`.
    public func apply(to bindings: inout BrowserBindings) {
      switch self {
      case .bind(let id, let site): bindings.bind(id, to: site)
      case .dropAccounts(let ids): for id in ids { bindings.unbind(id) }
      }
    }
  }

  /// What putting a code on the system clipboard gave.
  public enum CopyOutcome: Equatable, Sendable {
    /// It is there, and will be cleared after these seconds (nil: it cannot be cleared later).
    case copied(clearedAfter: Int?)
    /// No clipboard tool is installed: the extension copies it in the browser instead.
    case noTool
    /// The tool failed; the reason is for people.
    case failed(String)
  }

  /// What the askpass unlock gave.
  public enum UnlockOutcome: Equatable, Sendable {
    /// The agent holds the vault now.
    case unlocked
    /// The person cancelled.
    case cancelled
    /// It failed; the reason is for people.
    case failed(String)
  }

  /// A repository of the vault for one request, made afresh for each (an unlock between two
  /// requests changes how it is reached); an encrypted vault that no agent holds throws
  /// `.passwordRequired`, never asks.
  public var vault: @Sendable () -> any VaultRepository
  /// The bindings and settings (`browser.json`); a damaged file is a failure naming it.
  public var loadBindings: @Sendable () throws(Failure) -> BrowserBindings
  /// Makes one change to the bindings file (read, changed and written under its lock).
  public var changeBindings: @Sendable (BindingsChange) throws(Failure) -> Void
  /// The Public Suffix List.
  public var suffixList: @Sendable () throws(Failure) -> PublicSuffixList
  /// Asks for the password through askpass (no terminal) and hands the key to the agent.
  public var unlock: @Sendable () -> UnlockOutcome
  /// Puts a code on the system clipboard and has it cleared later, as `twofold code --copy`.
  public var copy: @Sendable (String) -> CopyOutcome
  /// The current Unix time in seconds.
  public var now: @Sendable () -> Int64
  /// A warning line for the browser's log (standard error).
  public var warn: @Sendable (String) -> Void

  /// Ports from their parts.
  public init(
    vault: @escaping @Sendable () -> any VaultRepository,
    loadBindings: @escaping @Sendable () throws(Failure) -> BrowserBindings,
    changeBindings: @escaping @Sendable (BindingsChange) throws(Failure) -> Void,
    suffixList: @escaping @Sendable () throws(Failure) -> PublicSuffixList,
    unlock: @escaping @Sendable () -> UnlockOutcome,
    now: @escaping @Sendable () -> Int64,
    warn: @escaping @Sendable (String) -> Void,
    copy: @escaping @Sendable (String) -> CopyOutcome = { _ in .noTool }
  ) {
    self.copy = copy
    self.vault = vault
    self.loadBindings = loadBindings
    self.changeBindings = changeBindings
    self.suffixList = suffixList
    self.unlock = unlock
    self.now = now
    self.warn = warn
  }
}
