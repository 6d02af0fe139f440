import Domain

extension HostSession {
  /// A page matched against the bindings: what may be filled, the accounts it names by id, the
  /// codes already made for them, and the repository they came from.
  struct Matched {
    let outcome: BrowserFill.Outcome
    let accounts: [Account.ID: Account]
    let made: [Account.ID: AccountCode]
    let repository: any VaultRepository

    /// The account `id`: every id an outcome names is one of the accounts it was matched among.
    func account(_ id: Account.ID) -> Account { accounts[id]! }

    /// The codes of `ids` at `time`: those made while matching, else asked now.
    func codes(of ids: [Account.ID], at time: Int64) throws(Stop) -> [AccountCode] {
      if ids.allSatisfy({ made[$0] != nil }) { return ids.map { made[$0]! } }
      do throws(DomainError) {
        return try repository.codes(of: ids.map(account), at: time, next: false)
      } catch {
        throw HostSession.stop(error)
      }
    }
  }

  /// Matches the frame at `url` in the top page `top`. A refused page is answered before the
  /// vault is read. The accounts bound to the page's site are asked for by id with their codes
  /// (one round trip to the agent, whatever the vault's size); only a site with none reads every
  /// account's label, for the suggestions.
  func match(url: String, top: String, chosen: Account.ID?) throws(Stop) -> Matched {
    let bindings = try self.bindings()
    let fill = BrowserFill(list: try suffixList())
    let site: String
    switch fill.site(page: url, top: top) {
    case .failure(let refusal): throw Stop(answer: .refused(refusal))
    case .success(let found): site = found
    }
    let repository = ports.vault()
    let time = ports.now()
    let bound = bindings.accounts.keys.sorted().filter { bindings.isBound($0, to: site) }
    let made: [AccountCode]
    do throws(DomainError) {
      made = bound.isEmpty ? [] : try repository.codes(ofIDs: bound, at: time, next: false)
    } catch {
      throw Self.stop(error)
    }
    let found = Set(made.map(\.account.id))
    let missing = bound.filter { !found.contains($0) }
    if made.isEmpty {
      // No account bound to the site is left: every label, for the suggestions.
      let accounts = try load(repository)
      let result = fill.fill(
        page: url, top: top, bindings: bindings, accounts: accounts.map(AccountLabel.init), chosen: chosen)
      if !result.missing.isEmpty { dropMissing(result.missing) }
      return Matched(
        outcome: result.outcome, accounts: Self.byID(accounts), made: [:], repository: repository)
    }
    if !missing.isEmpty { dropMissing(missing) }
    // BrowserFill's rule over the accounts bound to the site, already found (no second lookup
    // in the list); `made` is not empty here, so there is an outcome.
    let accounts = made.map(\.account).sorted { Self.displayOrder($0, $1) }
    let outcome = BrowserFill.choose(chosen, among: accounts.map(\.id), on: site)!
    return Matched(
      outcome: outcome, accounts: Self.byID(accounts),
      made: Dictionary(made.map { ($0.account.id, $0) }, uniquingKeysWith: { first, _ in first }),
      repository: repository)
  }

  /// Drops the bindings of deleted accounts from the file, with a warning; a file that cannot be
  /// written keeps them (the next read tries again).
  private func dropMissing(_ missing: [Account.ID]) {
    let ids = missing.map(\.rawValue).joined(separator: ", ")
    do throws(HostPorts.Failure) {
      try ports.changeBindings(.dropAccounts(missing))
      ports.warn("warning: dropped the bindings of deleted accounts: \(ids)")
    } catch {
      ports.warn("warning: bindings of deleted accounts (\(ids)) kept: \(error.message)")
    }
  }

  private static func byID(_ accounts: [Account]) -> [Account.ID: Account] {
    Dictionary(accounts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The chooser's order: by issuer, then name, ignoring case (then by id, so it is total).
  private static func displayOrder(_ left: Account, _ right: Account) -> Bool {
    let leftKey = (left.issuer.lowercased(), left.name.lowercased(), left.id.rawValue)
    let rightKey = (right.issuer.lowercased(), right.name.lowercased(), right.id.rawValue)
    return leftKey < rightKey
  }
}
