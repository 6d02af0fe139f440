import OTP

/// One account in the vault: who it is for and how its codes are made.
public struct Account: Hashable, Sendable, Identifiable {
  /// The account's identifier: the entry's UUID in the vault file.
  public struct ID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The UUID text, lowercase.
    public let rawValue: String
    /// Wraps UUID text.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The UUID text.
    public var description: String { rawValue }
    /// Orders by UUID text.
    public static func < (lhs: ID, rhs: ID) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// Identifier, stable across saves.
  public var id: ID
  /// The service (possibly empty when the name is set).
  public var issuer: String
  /// The account name at the service (possibly empty when the issuer is set).
  public var name: String
  /// Type, secret, algorithm, digits, period or counter, PIN.
  public var otp: OTPParameters
  /// Free text.
  public var note: String
  /// Favorites are listed first.
  public var favorite: Bool
  /// The groups the account belongs to.
  public var groups: [AccountGroup.ID]
  /// Fields Twofold does not interpret (icons, fields of newer apps), kept for the next save.
  public var preserved: [PreservedField]

  /// Creates an account.
  public init(
    id: ID, issuer: String, name: String, otp: OTPParameters, note: String = "", favorite: Bool = false,
    groups: [AccountGroup.ID] = [], preserved: [PreservedField] = []
  ) {
    self.id = id
    self.issuer = issuer
    self.name = name
    self.otp = otp
    self.note = note
    self.favorite = favorite
    self.groups = groups
    self.preserved = preserved
  }

  /// `issuer:name`, the label people see and QUERY matches exactly.
  public var label: String { issuer.isEmpty ? name : name.isEmpty ? issuer : "\(issuer):\(name)" }

  /// Whether `other` is the same account: same secret, and the same issuer and name ignoring case.
  public func isDuplicate(of other: Account) -> Bool {
    otp.secret == other.otp.secret && TextFolding.fold(issuer) == TextFolding.fold(other.issuer)
      && TextFolding.fold(name) == TextFolding.fold(other.name)
  }
}

/// A field of a stored record that Twofold keeps without interpreting: a key and its raw value
/// as the storage wrote it (for the vault file, JSON text).
public struct PreservedField: Hashable, Sendable {
  /// The field's key.
  public var key: String
  /// The field's raw value.
  public var raw: String

  /// Pairs a key with its raw value.
  public init(key: String, raw: String) {
    self.key = key
    self.raw = raw
  }
}
