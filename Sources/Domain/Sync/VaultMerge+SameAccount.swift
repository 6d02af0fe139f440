extension VaultMerge {
  /// What makes two accounts the same account: the `secret` field, and the issuer and name
  /// ignoring case and diacritics.
  private struct AccountKey: Hashable {
    let secret: MergeFields.Secret
    let issuer: String
    let name: String

    init(_ entry: MergeEntry) {
      secret = MergeFields.Secret(entry.account.otp)
      issuer = TextFolding.fold(entry.account.issuer)
      name = TextFolding.fold(entry.account.name)
    }
  }

  /// Accounts new on both sides under different UUIDs but the same account (sync.md): for each
  /// of our new accounts, the new accounts of theirs that join it. Each of theirs joins the first
  /// of ours that matches.
  static func sameAccounts(_ sides: Sides) -> [Account.ID: [MergeEntry]] {
    func isNew(_ entry: MergeEntry, besides other: IndexedVault) -> Bool {
      sides.base[entry.id] == nil && other[entry.id] == nil
    }
    var ours: [AccountKey: Account.ID] = [:]
    for entry in sides.ours.entries where isNew(entry, besides: sides.theirs) {
      let key = AccountKey(entry)
      if ours[key] == nil { ours[key] = entry.id }
    }
    var joined: [Account.ID: [MergeEntry]] = [:]
    guard !ours.isEmpty else { return joined }
    for entry in sides.theirs.entries where isNew(entry, besides: sides.ours) {
      if let id = ours[AccountKey(entry)] { joined[id, default: []].append(entry) }
    }
    return joined
  }
}
