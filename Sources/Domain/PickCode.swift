/// `pick`: the person chooses an account in a menu, then its code is delivered (typed, copied or
/// printed). An HOTP counter advances only once an account is chosen and its code delivered:
/// never on a cancel, nor when the delivery fails.
public struct PickCode: Sendable {
  let repository: any VaultRepository
  let picker: AccountPicker

  /// Creates the use case.
  public init(repository: any VaultRepository, picker: AccountPicker) {
    self.repository = repository
    self.picker = picker
  }

  /// Offers the accounts `query` matches (all when nil), then hands the chosen one's code at
  /// `time` to `deliver`; returns the account chosen.
  @discardableResult
  public func callAsFunction(
    query: String?, at time: Int64, deliver: (String) throws(DesktopError) -> Void
  ) throws(DesktopError) -> Account {
    let account = try PickAccount(repository: repository, picker: picker)(query: query)
    try CurrentCode(repository: repository).deliver(account, at: time, through: deliver)
    return account
  }
}
