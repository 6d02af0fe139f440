import Domain
import Synchronization

/// The vault as the host reaches it, in memory: open (the agent holds it, or it is unencrypted),
/// locked (an encrypted vault no agent holds: `.passwordRequired`), or failing.
final class FakeVault: VaultRepository, Sendable {
  enum State: Equatable {
    case open
    case locked
    case failing(DomainError)
  }

  private let stored: Mutex<(contents: VaultContents, state: State, reads: Int, asked: [[Account.ID]])>

  init(_ accounts: [Account], state: State = .open) {
    stored = Mutex((VaultContents(accounts: accounts), state, 0, []))
  }

  /// How many times the vault was read.
  var reads: Int { stored.withLock { $0.reads } }

  /// The ids of each `codes(ofIDs:)` call, as an agent would get them in one request each.
  var askedByID: [[Account.ID]] { stored.withLock { $0.asked } }

  /// One read, as the agent answers one `accountCodes` request.
  func codes(ofIDs ids: [Account.ID], at time: Int64, next: Bool) throws(DomainError) -> [AccountCode] {
    stored.withLock { $0.asked.append(ids) }
    let accounts = try load().accounts
    return try codes(of: ids.compactMap { id in accounts.first { $0.id == id } }, at: time, next: next)
  }

  /// The accounts as stored now.
  var accounts: [Account] { stored.withLock { $0.contents.accounts } }

  func set(_ state: State) { stored.withLock { $0.state = state } }

  func load() throws(DomainError) -> VaultContents {
    let result: Result<VaultContents, DomainError> = stored.withLock { stored in
      stored.reads += 1
      switch stored.state {
      case .open: return .success(stored.contents)
      case .locked: return .failure(.passwordRequired)
      case .failing(let error): return .failure(error)
      }
    }
    return try result.get()
  }

  func update<Result>(_ change: (inout VaultContents) throws(DomainError) -> Result) throws(DomainError)
    -> Result
  {
    var contents = try load()
    let result = try change(&contents)
    stored.withLock { $0.contents = contents }
    return result
  }
}
