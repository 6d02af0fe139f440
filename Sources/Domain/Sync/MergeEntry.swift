/// An account with the names of its groups in its own vault, and its fields for merging.
struct MergeEntry {
  let account: Account
  /// The names of the account's groups, in the order of its group ids, without repeats.
  let groupNames: [String]
  let fields: MergeFields

  init(_ account: Account, groupNames: [String]) {
    self.account = account
    self.groupNames = groupNames
    fields = MergeFields(account, groupNames: groupNames)
  }

  var id: Account.ID { account.id }

  /// This entry with `account` in place of its account and the same group names.
  func with(_ account: Account) -> MergeEntry { MergeEntry(account, groupNames: groupNames) }
}
