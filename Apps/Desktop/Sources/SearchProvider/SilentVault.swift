import Domain

/// What the search falls back to when the agent does not hold the vault: nothing. Every
/// operation fails with `passwordRequired`, so no file is read and no password asked.
public struct SilentVault: VaultRepository {
  /// The one refusal.
  public init() {}

  /// Refuses.
  public func load() throws(DomainError) -> VaultContents { throw .passwordRequired }

  /// Refuses.
  public func update<Result>(
    _ change: (inout VaultContents) throws(DomainError) -> Result
  ) throws(DomainError) -> Result {
    throw .passwordRequired
  }

  /// Refuses.
  public func codes(of accounts: [Account], at time: Int64, next: Bool) throws(DomainError) -> [AccountCode] {
    throw .passwordRequired
  }

  /// Refuses.
  public func accounts(matching query: AccountQuery) throws(DomainError) -> [Account] {
    throw .passwordRequired
  }
}
