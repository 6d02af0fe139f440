import Domain
import Synchronization

/// The vault through the agent while it holds the vault's key, else through `direct` (the
/// vault file, asking for the password). Commands and front ends use it as any repository:
/// `load` then withholds the secrets, and `perform` and `codes` run in the agent.
public final class AgentVaultRepository: VaultRepository, Sendable {
  private enum Route {
    case undecided
    case agent
    case direct
  }

  private let vault: String
  private let client: AgentClient
  private let direct: any VaultRepository
  private let opened: @Sendable () -> Void
  private let warn: @Sendable (String) -> Void
  private let route = Mutex(Route.undecided)
  private let handedOff = Atomic<Bool>(false)

  /// The vault at absolute path `vault`, through `client`, falling back to `direct`; `opened`
  /// runs once after the direct repository first succeeds (to hand the key to the agent).
  public init(
    vault: String, client: AgentClient, direct: any VaultRepository,
    opened: @escaping @Sendable () -> Void = {}, warn: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.vault = vault
    self.client = client
    self.direct = direct
    self.opened = opened
    self.warn = warn
  }

  /// Whether the last operation went through the agent.
  public var usesAgent: Bool { route.withLock { $0 == .agent } }

  /// The contents, secrets withheld when they come from the agent.
  public func load() throws(DomainError) -> VaultContents {
    if let contents = try ask(.load(vault: vault), \.contents) { return contents }
    return try directly { () throws(DomainError) in try direct.load() }
  }

  /// The accounts `query` selects, matched in the agent.
  public func accounts(matching query: AccountQuery) throws(DomainError) -> [Account] {
    if let accounts = try ask(.matching(vault: vault, query: query.text), \.accounts) { return accounts }
    return try directly { () throws(DomainError) in try direct.accounts(matching: query) }
  }

  /// The one account `query` selects and its code, matched and computed in the agent in one
  /// round trip.
  public func code(matching query: AccountQuery, at time: Int64, next: Bool) throws(DomainError)
    -> AccountCode
  {
    if let code = try ask(.code(vault: vault, query: query.text, at: time, next: next), \.accountCode) {
      return code
    }
    return try directly { () throws(DomainError) in try direct.code(matching: query, at: time, next: next) }
  }

  /// The accounts with these ids and their codes, found and computed in the agent in one round trip.
  public func codes(ofIDs ids: [Account.ID], at time: Int64, next: Bool) throws(DomainError) -> [AccountCode]
  {
    if let codes = try ask(.accountCodes(vault: vault, ids: ids, at: time, next: next), \.accountCodes) {
      return codes
    }
    return try directly { () throws(DomainError) in try direct.codes(ofIDs: ids, at: time, next: next) }
  }

  /// A change described only as a closure needs the secrets here: it runs on the vault file.
  public func update<Result>(
    _ change: (inout VaultContents) throws(DomainError) -> Result
  ) throws(DomainError) -> Result {
    route.withLock { $0 = .direct }
    return try directly { () throws(DomainError) in try direct.update(change) }
  }

  /// Runs `change` in the agent, or here on the vault file.
  public func perform(_ change: VaultChange, ids: IdentifierSource) throws(DomainError) -> VaultChange.Outcome
  {
    if let outcome = try ask(.perform(vault: vault, change), \.outcome) { return outcome }
    return try directly { () throws(DomainError) in try direct.perform(change, ids: ids) }
  }

  /// Codes from the agent, or computed here from the secrets.
  public func codes(of accounts: [Account], at time: Int64, next: Bool) throws(DomainError) -> [AccountCode] {
    if accounts.allSatisfy({ !$0.otp.isWithheld }) && route.withLock({ $0 }) != .agent {
      return try direct.codes(of: accounts, at: time, next: next)
    }
    let asked = try ask(.codes(vault: vault, ids: accounts.map(\.id), at: time, next: next)) { response in
      response.codes.flatMap { $0.count == accounts.count ? $0 : nil }
    }
    guard let values = asked else {
      // The agent let the vault go between the listing and the codes: read the secrets here.
      let byID = Dictionary(
        try directly { () throws(DomainError) in try direct.load() }.accounts.map { ($0.id, $0) },
        uniquingKeysWith: { first, _ in first })
      return try direct.codes(of: accounts.map { byID[$0.id] ?? $0 }, at: time, next: next)
    }
    return zip(accounts, values).map { account, value in value.code(of: account) }
  }

  /// The agent's answer to `request` as `answer` takes it apart, or nil when the vault is to be
  /// used directly from now on; an answer `answer` does not take is an agent out of step.
  private func ask<Answer>(
    _ request: AgentRequest, _ answer: (AgentResponse) -> Answer?
  ) throws(DomainError) -> Answer? {
    guard route.withLock({ $0 }) != .direct else { return nil }
    let response: AgentResponse
    do {
      response = try client.send(request)
    } catch {
      switch error {
      case .notRunning, .otherVersion, .tooLarge: break
      case .interrupted(let reason):
        // Making the change again here could make it twice.
        if case .perform = request {
          throw .storage("\(reason); run 'twofold list' to see whether the change was made")
        }
        warn("warning: not using the agent: \(reason)")
      case .refused(let reason), .failed(let reason): warn("warning: not using the agent: \(reason)")
      }
      route.withLock { $0 = .direct }
      return nil
    }
    switch response {
    case .notHeld:
      route.withLock { $0 = .direct }
      return nil
    case .failure(let error):
      route.withLock { $0 = .agent }
      throw error
    case .malformed(let reason):
      throw .storage("the agent could not read the request: \(reason)")
    default:
      route.withLock { $0 = .agent }
      guard let taken = answer(response) else { throw .storage("the agent gave an unexpected answer") }
      return taken
    }
  }

  private func directly<Result>(_ body: () throws(DomainError) -> Result) throws(DomainError) -> Result {
    let result = try body()
    if !handedOff.exchange(true, ordering: .relaxed) { opened() }
    return result
  }
}
