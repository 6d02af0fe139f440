import Domain
import OTP
import Testing

/// One field of sync.md's table and three values of it (0 the base's, 1 ours, 2 theirs), set on
/// an account; favorite has only two.
struct FieldVariant: Sendable, CustomTestStringConvertible {
  let field: MergeField
  let set: @Sendable (inout Account, Int) -> Void

  var testDescription: String { field.rawValue }

  /// Whether the field has a third value, so both sides can change it differently.
  var hasThreeValues: Bool { field != .favorite }

  /// `account` with value `variant` of this field.
  func apply(_ variant: Int, to account: Account) -> Account {
    var account = account
    set(&account, variant)
    return account
  }

  static let groupSets = [["Work"], ["Work", "Home"], ["Travel"]]

  /// Every field but the counter, which never conflicts.
  static let all: [FieldVariant] = [
    FieldVariant(field: .label) { account, variant in
      account.issuer = ["Example", "Example Inc.", "EXAMPLE"][variant]
      account.name = ["alice", "alice", "al"][variant]
    },
    FieldVariant(field: .note) { account, variant in account.note = ["", "ours", "theirs"][variant] },
    FieldVariant(field: .favorite) { account, variant in account.favorite = variant != 0 },
    FieldVariant(field: .groups) { account, variant in
      account.groups = groupSets[variant].map(MergeSample.groupID)
    },
    FieldVariant(field: .icon) { account, variant in
      account.preserved.removeAll { ["icon", "icon_mime", "icon_hash"].contains($0.key) }
      account.preserved.insert(contentsOf: icon(variant), at: 0)
    },
    FieldVariant(field: .secret) { account, variant in
      account.otp = try! OTPParameters(type: .totp, secret: MergeSample.secrets[variant], digits: 6 + variant)
    },
    FieldVariant(field: .other) { account, variant in
      account.preserved.removeAll { $0.key == "info.future" }
      account.preserved.append(PreservedField(key: "info.future", raw: "\(variant)"))
    },
  ]

  /// Icon fields as Aegis writes them: Base64 image, MIME type, hash.
  static func icon(_ variant: Int) -> [PreservedField] {
    [
      PreservedField(key: "icon", raw: "\"aWNvbi\(variant)=\""),
      PreservedField(key: "icon_mime", raw: "\"image/png\""),
      PreservedField(key: "icon_hash", raw: "\"\(variant)\(variant)\""),
    ]
  }
}
