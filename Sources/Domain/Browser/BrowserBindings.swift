/// Which sites each account's codes may be filled on, and the browser settings beside them
/// (`browser.json`): a binding is made only by the person, by command or in the popup.
public struct BrowserBindings: Equatable, Sendable {
  /// The registrable domains (or IP addresses, or `localhost`) each account is bound to, in the
  /// order they were bound.
  public var accounts: [Account.ID: [String]]
  /// Whether a code field is filled when the person first focuses it (or first acts on a page
  /// that focused it), without a click on the button.
  public var autofill: Bool
  /// Extension ids the host accepts besides the extension's own (store builds).
  public var extensionIDs: [String]

  /// Bindings and settings; none and off by default.
  public init(accounts: [Account.ID: [String]] = [:], autofill: Bool = false, extensionIDs: [String] = []) {
    self.accounts = accounts
    self.autofill = autofill
    self.extensionIDs = extensionIDs
  }

  /// Binds `account` to `domain`; false when it already was.
  @discardableResult
  public mutating func bind(_ account: Account.ID, to domain: String) -> Bool {
    if accounts[account, default: []].contains(domain) { return false }
    accounts[account, default: []].append(domain)
    return true
  }

  /// Removes the binding of `account` to `domain`, or all of the account's when `domain` is nil;
  /// returns the domains removed (none when there was no such binding).
  @discardableResult
  public mutating func unbind(_ account: Account.ID, from domain: String? = nil) -> [String] {
    guard let bound = accounts[account] else { return [] }
    guard let domain else {
      accounts[account] = nil
      return bound
    }
    guard bound.contains(domain) else { return [] }
    let kept = bound.filter { $0 != domain }
    accounts[account] = kept.isEmpty ? nil : kept
    return [domain]
  }

  /// Whether `account` is bound to `domain`.
  public func isBound(_ account: Account.ID, to domain: String) -> Bool {
    accounts[account]?.contains(domain) ?? false
  }

  /// The bound accounts that are not in `existing` (deleted since they were bound), by id.
  public func missingAccounts(existing: Set<Account.ID>) -> [Account.ID] {
    accounts.keys.filter { !existing.contains($0) }.sorted()
  }

  /// Drops the bindings of accounts not in `existing`; returns their ids, sorted.
  @discardableResult
  public mutating func dropMissingAccounts(existing: Set<Account.ID>) -> [Account.ID] {
    let missing = missingAccounts(existing: existing)
    for id in missing { accounts[id] = nil }
    return missing
  }
}
