import Domain
import OTP

/// Vaults and accounts the merge tests build from: groups are named, with UUIDs `g-NAME`.
enum MergeSample {
  /// The groups every sample vault holds unless told otherwise.
  static let groupNames = ["Work", "Home", "Travel"]
  /// Three secrets that are not duplicates of each other.
  static let secrets: [[UInt8]] = [
    Array("base-secret-0000".utf8), Array("ours-secret-1111".utf8), Array("theirs-secret-22".utf8),
  ]

  /// A vault of `accounts` with groups named `groups` (UUID `g-NAME`).
  static func vault(_ accounts: [Account], groups: [String] = groupNames) -> VaultContents {
    VaultContents(
      accounts: accounts, groups: groups.map { AccountGroup(id: groupID($0), name: $0) },
      preserved: [PreservedField(key: "icons_optimized", raw: "false")])
  }

  /// The UUID sample vaults give the group `name`.
  static func groupID(_ name: String) -> AccountGroup.ID { AccountGroup.ID("g-\(name)") }

  /// A TOTP account in the named groups.
  static func totp(
    _ id: String, issuer: String = "Example", name: String = "alice", secret: [UInt8] = secrets[0],
    note: String = "", favorite: Bool = false, groups: [String] = [], preserved: [PreservedField] = []
  ) -> Account {
    Account(
      id: Account.ID(id), issuer: issuer, name: name, otp: try! OTPParameters(type: .totp, secret: secret),
      note: note, favorite: favorite, groups: groups.map(groupID), preserved: preserved)
  }

  /// An HOTP account at `counter`.
  static func hotp(
    _ id: String, issuer: String = "Example", name: String = "alice", secret: [UInt8] = secrets[0],
    counter: UInt64, note: String = ""
  ) -> Account {
    Account(
      id: Account.ID(id), issuer: issuer, name: name,
      otp: try! OTPParameters(type: .hotp, secret: secret, counter: counter), note: note)
  }

  /// Merges with conflict copies and fresh group UUIDs numbered `new-1`, `new-2`, …
  static func merge(base: VaultContents?, ours: VaultContents, theirs: VaultContents) -> MergeResult {
    VaultMerge.merge(base: base, ours: ours, theirs: theirs, ids: .counting("new"))
  }

  /// `account` with another HOTP counter.
  static func counter(_ account: Account, _ counter: UInt64) -> Account {
    var account = account
    account.otp = try! account.otp.withCounter(counter)
    return account
  }
}
