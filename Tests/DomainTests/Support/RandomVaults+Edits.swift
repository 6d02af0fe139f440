import Domain
import OTP

extension RandomVaults {
  /// `vault` after 0 to 6 random edits of one side; new accounts get UUIDs `SIDE-N`, or `n-1` and
  /// `n-2`, which the other side may use too. The result stays well-formed.
  mutating func edited(_ vault: VaultContents, side: String) -> VaultContents {
    var contents = vault
    for step in 0..<Int.random(in: 0...6, using: &random) {
      edit(&contents, newID: chance(30) ? pick(["n-1", "n-2"]) : "\(side)-\(step)")
    }
    return contents
  }

  private mutating func edit(_ contents: inout VaultContents, newID: String) {
    let kind = Int.random(in: -2..<13, using: &random)
    if kind <= 0 {
      guard !contents.accounts.contains(where: { $0.id.rawValue == newID }) else { return }
      let account = chance(50) ? shared(newID) : account(newID, groups: contents.groups)
      contents.accounts.insert(account, at: Int.random(in: 0...contents.accounts.count, using: &random))
    } else if kind <= 2 {
      groupEdit(&contents, kind: kind)
    } else if !contents.accounts.isEmpty {
      let index = Int.random(in: 0..<contents.accounts.count, using: &random)
      if kind == 3 {
        contents.accounts.remove(at: index)
      } else {
        accountEdit(&contents.accounts[index], kind: kind, groups: contents.groups)
      }
    }
  }

  /// One of two accounts both sides may add under their own UUIDs, its label in any case.
  private mutating func shared(_ id: String) -> Account {
    let index = Int.random(in: 0...1, using: &random)
    return Account(
      id: Account.ID(id), issuer: pick(["Shared", "SHARED", "shared"]), name: "\(index)",
      otp: try! OTPParameters(
        type: .hotp, secret: Self.secrets[index], counter: UInt64.random(in: 0...5, using: &random)),
      note: pick(Self.notes))
  }

  private mutating func accountEdit(_ account: inout Account, kind: Int, groups: [AccountGroup]) {
    switch kind {
    case 4: account.issuer = pick(Self.issuers)
    case 5: account.name = pick(Self.names)
    case 6: account.note = pick(Self.notes)
    case 7: account.favorite.toggle()
    case 8: account.groups = groups.filter { _ in chance(40) }.map(\.id)
    case 9: account.preserved = preserved()
    case 10: account.otp = otp()
    default:
      if account.otp.type == .hotp {
        account.otp = try! account.otp.withCounter(
          account.otp.counter + UInt64.random(in: 1...3, using: &random))
      }
    }
  }

  private mutating func groupEdit(_ contents: inout VaultContents, kind: Int) {
    if kind == 1 || contents.groups.isEmpty {
      addGroup(to: &contents)
      return
    }
    let index = Int.random(in: 0..<contents.groups.count, using: &random)
    let id = contents.groups[index].id
    if chance(50) {
      contents.groups.remove(at: index)
      for account in contents.accounts.indices { contents.accounts[account].groups.removeAll { $0 == id } }
    } else {
      let name = pick(Self.groupNames)
      if !contents.groups.contains(where: { $0.name == name }) { contents.groups[index].name = name }
    }
  }

  /// A vault that breaks the rules Aegis keeps: repeated UUIDs and group names, group UUIDs no
  /// group has, empty labels, repeated group ids in an account.
  mutating func malformed() -> VaultContents {
    var contents = VaultContents()
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      contents.groups.append(
        AccountGroup(
          id: .init("g-\(Int.random(in: 1...3, using: &random))"), name: pick(Self.groupNames + [""])))
    }
    for _ in 0..<Int.random(in: 0...6, using: &random) {
      var account = account("x-\(Int.random(in: 0...3, using: &random))", groups: contents.groups)
      if chance(30) { account.groups += account.groups + [.init("dangling")] }
      if chance(20) { account.preserved += account.preserved }
      contents.accounts.append(account)
    }
    return contents
  }
}
