import OTP

/// An account's values as sync.md's table splits them, compared one field at a time.
struct MergeFields: Hashable {
  /// The `secret` field: the type and the OTP parameters but the counter.
  struct Secret: Hashable {
    let type: OTPType
    let secret: [UInt8]
    let algorithm: OTPAlgorithm
    let digits: Int
    let period: Int
    let pin: String?

    init(_ otp: OTPParameters) {
      type = otp.type
      secret = otp.secret
      algorithm = otp.algorithm
      digits = otp.digits
      period = otp.period
      pin = otp.pin
    }
  }

  /// The `icon` field: the account's image, and the preserved fields of an icon that is none.
  struct Icon: Hashable {
    let image: AccountIcon?
    /// Sorted, so the order the fields were stored in does not matter.
    let fields: [PreservedField]
  }

  let issuer: String
  let name: String
  let note: String
  let favorite: Bool
  let groups: Set<String>
  let icon: Icon
  let secret: Secret
  /// Nil when the account is not HOTP.
  let counter: UInt64?
  /// Sorted, like the icon's fields.
  let other: [PreservedField]

  init(_ account: Account, groupNames: [String]) {
    issuer = account.issuer
    name = account.name
    note = account.note
    favorite = account.favorite
    groups = Set(groupNames)
    let sorted = account.preserved.sorted { ($0.key, $0.raw) < ($1.key, $1.raw) }
    icon = Icon(image: account.icon, fields: sorted.filter { Self.isIcon($0) })
    other = sorted.filter { !Self.isIcon($0) }
    secret = Secret(account.otp)
    counter = account.otp.type == .hotp ? account.otp.counter : nil
  }

  static func isIcon(_ field: PreservedField) -> Bool { AccountIcon.fieldKeys.contains(field.key) }

  /// Whether `field` has the same value here and in `other`.
  func same(_ field: MergeField, as fields: MergeFields) -> Bool {
    switch field {
    case .label: issuer == fields.issuer && name == fields.name
    case .note: note == fields.note
    case .favorite: favorite == fields.favorite
    case .groups: groups == fields.groups
    case .icon: icon == fields.icon
    case .secret: secret == fields.secret
    case .counter: counter == fields.counter
    case .other: other == fields.other
    }
  }

  /// The fields whose values differ from those of `base`, in the table's order.
  func changes(since base: MergeFields) -> [MergeField] {
    // Most accounts of a sync are unchanged: no list is made for them.
    if self == base { return [] }
    return MergeField.allCases.filter { !same($0, as: base) }
  }
}
