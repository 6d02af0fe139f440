import OTP

/// The three-way merge of a vault with a sync source (sync.md): a pure, total function of the
/// base both sides agreed on at the last sync, our contents and theirs.
public enum VaultMerge {
  /// Merges `ours` and `theirs` against `base` (nil on a first sync: every entry is new on its
  /// side and nothing is deleted); `ids` gives the UUIDs of conflict copies and of groups whose
  /// UUID another group of the result already holds. Top-level preserved fields stay ours.
  /// Without `counting`, the report holds only the merge's own lines (conflicts, kept and
  /// joined accounts), for a caller that counts the changes over several merges itself.
  public static func merge(
    base: VaultContents?, ours: VaultContents, theirs: VaultContents, ids: IdentifierSource,
    counting: Bool = true
  ) -> MergeResult {
    let sides = Sides(
      base: IndexedVault(base ?? VaultContents()), ours: IndexedVault(ours), theirs: IndexedVault(theirs))
    let merged = mergedAccounts(sides, ids: ids)
    let groups = resultGroups(using: merged.map(\.entry), sides, ids: ids)
    var idsByName: [String: AccountGroup.ID] = [:]
    for group in groups { idsByName[group.name] = group.id }
    let accounts = merged.map { item in
      var account = item.entry.account
      account.groups = item.entry.groupNames.compactMap { idsByName[$0] }
      return account
    }
    var result = MergeResult(
      contents: VaultContents(
        accounts: accounts, groups: groups, preserved: ours.preserved, lineage: ours.lineage),
      report: counting
        ? MergeReport(merged, ours: sides.ours, theirs: sides.theirs)
        : MergeReport(events: merged.flatMap(\.events)))
    for item in merged where !item.oursKept.isEmpty {
      result.oursKept += item.oursKept.map {
        MergeResult.KeptField(account: item.entry.account.id, field: $0)
      }
    }
    return result
  }

  /// The three indexed vaults of a merge.
  struct Sides {
    let base: IndexedVault
    let ours: IndexedVault
    let theirs: IndexedVault
  }

  /// An account of the result with the report lines that explain it.
  struct Merged {
    let entry: MergeEntry
    var events: [MergeChange] = []
    /// The fields whose conflict kept our value.
    var oursKept: [MergeField] = []
  }

  /// `otp` with the counter of `other` when both are HOTP and that counter is larger: a used
  /// code stays used, whatever the base (sync.md, `counter`).
  static func largerCounter(_ otp: OTPParameters, _ other: OTPParameters) -> OTPParameters {
    guard otp.type == .hotp, other.type == .hotp, other.counter > otp.counter else { return otp }
    return (try? otp.withCounter(other.counter)) ?? otp
  }
}
