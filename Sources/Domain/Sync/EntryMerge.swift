/// The three-way merge of one account both sides hold (sync.md "What is compared"): each field
/// against the base; without a base (new on both sides) every difference is a conflict.
struct EntryMerge {
  /// The note suffix of theirs' copy after a secret conflict.
  static let conflictSuffix = "(sync conflict)"

  /// The merged account; on a secret conflict it keeps our secret and counter.
  let result: MergeEntry
  /// Theirs under a fresh UUID, after a secret conflict.
  let copy: MergeEntry?
  /// The fields resolved as conflicts, in the table's order.
  let conflicts: [MergeField]

  init(base: MergeEntry?, ours: MergeEntry, theirs: MergeEntry, ids: IdentifierSource) {
    // Both sides alike, as most accounts of a sync are: ours as it is.
    if ours.sameFields(as: theirs) {
      result = ours
      copy = nil
      conflicts = []
      return
    }
    var takeTheirs: Set<MergeField> = []
    var conflicts: [MergeField] = []
    let (oursFields, theirsFields, baseFields) = (ours.fields, theirs.fields, base?.fields)
    for field in MergeField.allCases where field != .counter && !oursFields.same(field, as: theirsFields) {
      if let baseFields, baseFields.same(field, as: oursFields) {
        takeTheirs.insert(field)
      } else if let baseFields, baseFields.same(field, as: theirsFields) {
        continue
      } else {
        conflicts.append(field)
      }
    }
    self.conflicts = conflicts
    let secretConflict = conflicts.contains(.secret)
    result = Self.merged(ours, theirs, takingTheirs: takeTheirs, secretConflict: secretConflict)
    copy = secretConflict ? Self.copy(of: theirs, id: Account.ID(ids.next())) : nil
  }

  /// Theirs as it is under `id`, its note marked as a sync conflict.
  private static func copy(of theirs: MergeEntry, id: Account.ID) -> MergeEntry {
    var account = theirs.account
    account.id = id
    account.note = account.note.isEmpty ? conflictSuffix : "\(account.note) \(conflictSuffix)"
    return theirs.with(account)
  }

  private static func merged(
    _ ours: MergeEntry, _ theirs: MergeEntry, takingTheirs fields: Set<MergeField>, secretConflict: Bool
  ) -> MergeEntry {
    var account = ours.account
    let other = theirs.account
    if fields.contains(.label) {
      account.issuer = other.issuer
      account.name = other.name
    }
    if fields.contains(.note) { account.note = other.note }
    if fields.contains(.favorite) { account.favorite = other.favorite }
    if fields.contains(.icon) { account.icon = other.icon }
    account.preserved = preserved(
      icon: fields.contains(.icon) ? other : account, other: fields.contains(.other) ? other : account)
    if !secretConflict {
      account.otp =
        fields.contains(.secret)
        ? VaultMerge.largerCounter(other.otp, account.otp) : VaultMerge.largerCounter(account.otp, other.otp)
    }
    return MergeEntry(account, groupNames: fields.contains(.groups) ? theirs.groupNames : ours.groupNames)
  }

  /// The preserved fields of `other` with the icon fields of `icon` in place of its own.
  private static func preserved(icon: Account, other: Account) -> [PreservedField] {
    guard icon.preserved.filter(MergeFields.isIcon) != other.preserved.filter(MergeFields.isIcon) else {
      return other.preserved
    }
    return icon.preserved.filter(MergeFields.isIcon) + other.preserved.filter { !MergeFields.isIcon($0) }
  }
}
