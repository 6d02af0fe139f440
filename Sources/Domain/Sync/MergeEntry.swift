/// An account with the names of its groups in its own vault, and its fields for merging.
struct MergeEntry {
  let account: Account
  /// The names of the account's groups, in the order of its group ids, without repeats.
  let groupNames: [String]

  init(_ account: Account, groupNames: [String]) {
    self.account = account
    self.groupNames = groupNames
  }

  var id: Account.ID { account.id }

  /// The account's fields as sync.md's table splits them. Made on each use: most entries of a
  /// sync are equal to the other side's and never need them (see `isSame(as:)`).
  var fields: MergeFields { MergeFields(account, groupNames: groupNames) }

  /// Whether this entry is the other's account with the same groups, so every field is the
  /// same (the cheap test that spares most entries the field-by-field one).
  func isSame(as other: MergeEntry) -> Bool { account == other.account && groupNames == other.groupNames }

  /// Whether every field has the same value here and in `other`.
  func sameFields(as other: MergeEntry) -> Bool { isSame(as: other) || fields == other.fields }

  /// The fields whose values differ from those of `base`, in the table's order.
  func changes(since base: MergeEntry) -> [MergeField] {
    isSame(as: base) ? [] : fields.changes(since: base.fields)
  }

  /// This entry with `account` in place of its account and the same group names.
  func with(_ account: Account) -> MergeEntry { MergeEntry(account, groupNames: groupNames) }
}
