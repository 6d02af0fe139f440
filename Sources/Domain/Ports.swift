import Synchronization

/// Where the vault's contents live. Data implements it over the vault file; tests and the
/// demo use `InMemoryVaultRepository`; the agent's client implements it over its socket.
///
/// Use cases make changes through `perform` and codes through `codes`, so they also work where
/// the secrets stay elsewhere: a repository may answer `load` with withheld secrets
/// (`OTPParameters.isWithheld`), as the agent's client does.
public protocol VaultRepository: Sendable {
  /// The current contents; secrets may be withheld.
  func load() throws(DomainError) -> VaultContents

  /// Loads the newest contents under an exclusive lock, applies `change`, and saves the
  /// result before releasing the lock. When `change` throws, nothing is saved.
  func update<Result>(
    _ change: (inout VaultContents) throws(DomainError) -> Result
  ) throws(DomainError) -> Result

  /// Makes a described change where the secrets are; by default one `update` in this process.
  func perform(_ change: VaultChange, ids: IdentifierSource) throws(DomainError) -> VaultChange.Outcome

  /// The codes of `accounts` (as `load` gave them) at Unix time `time`, in their order.
  func codes(of accounts: [Account], at time: Int64, next: Bool) throws(DomainError) -> [AccountCode]

  /// The codes at `time` of the accounts whose ids are `ids`, in that order; an id of no account
  /// (deleted since it was written down) is left out. In one step where the repository can (the
  /// agent's client: one round trip, whatever the number of ids).
  func codes(ofIDs ids: [Account.ID], at time: Int64, next: Bool) throws(DomainError) -> [AccountCode]

  /// The accounts `query` selects, in display order (as `load` gives them).
  func accounts(matching query: AccountQuery) throws(DomainError) -> [Account]

  /// The one account `query` selects and its code at `time` (none or several is an error, as
  /// `AccountQuery.select`); by default `accounts(matching:)` then `codes(of:at:next:)`, in one
  /// step where the repository can (the agent's client: one round trip).
  func code(matching query: AccountQuery, at time: Int64, next: Bool) throws(DomainError) -> AccountCode
}

extension VaultRepository {
  /// Runs `change` over `update` and `load` in this process.
  public func perform(_ change: VaultChange, ids: IdentifierSource) throws(DomainError) -> VaultChange.Outcome
  {
    try change.run(on: self, ids: ids)
  }

  /// Matches over every account `load` gives.
  public func accounts(matching query: AccountQuery) throws(DomainError) -> [Account] {
    query.matches(in: try load().accounts)
  }

  /// Selects the account, then asks for its code.
  public func code(matching query: AccountQuery, at time: Int64, next: Bool) throws(DomainError)
    -> AccountCode
  {
    let account = try query.select(among: accounts(matching: query))
    return try codes(of: [account], at: time, next: next)[0]
  }

  /// Finds the accounts in `load`, then asks for their codes.
  public func codes(ofIDs ids: [Account.ID], at time: Int64, next: Bool) throws(DomainError) -> [AccountCode]
  {
    var byID: [Account.ID: Account] = [:]
    for account in try load().accounts where byID[account.id] == nil { byID[account.id] = account }
    return try codes(of: ids.compactMap { byID[$0] }, at: time, next: next)
  }

  /// Computes the codes here, from the accounts' secrets.
  public func codes(of accounts: [Account], at time: Int64, next: Bool) throws(DomainError) -> [AccountCode] {
    CodesAt()(accounts, at: time, next: next)
  }
}

/// The vault's password, for the repositories that have one.
public protocol VaultCredentials: Sendable {
  /// Re-wraps the master key under `newPassword`; other slots and the accounts stay.
  func changePassword(to newPassword: [UInt8]) throws(DomainError)
}

/// The current time as Unix seconds; only the outermost layer reads the real clock.
public struct Clock: Sendable {
  /// Returns the current Unix time in seconds.
  public var now: @Sendable () -> Int64

  /// Wraps a time source.
  public init(now: @escaping @Sendable () -> Int64) { self.now = now }

  /// A clock stopped at `time`, for tests and previews.
  public static func fixed(_ time: Int64) -> Clock { Clock { time } }
}

/// A source of fresh identifiers (random UUIDs in the app, a counter in tests).
public struct IdentifierSource: Sendable {
  /// Returns a new UUID text.
  public var next: @Sendable () -> String

  /// Wraps an identifier source.
  public init(next: @escaping @Sendable () -> String) { self.next = next }

  /// `prefix-1`, `prefix-2`, … in call order: every id known in advance (tests, previews).
  public static func counting(_ prefix: String = "id") -> IdentifierSource {
    let counter = Mutex(0)
    return IdentifierSource {
      let value = counter.withLock { count in
        count += 1
        return count
      }
      return "\(prefix)-\(value)"
    }
  }

  /// Version-4 UUID text from 16 random bytes (RFC 9562 §5.4).
  public static func uuid(random: @escaping @Sendable (Int) -> [UInt8]) -> IdentifierSource {
    IdentifierSource {
      var bytes = random(16)
      bytes[6] = bytes[6] & 0x0f | 0x40
      bytes[8] = bytes[8] & 0x3f | 0x80
      let hex = bytes.map { byte in
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
      }
      return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]]
        .map { $0.joined() }.joined(separator: "-")
    }
  }
}
