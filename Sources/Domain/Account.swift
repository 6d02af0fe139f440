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

  /// The fields, in one shared box: copying an account (into an index, a merge's table, a
  /// version's changes) retains one reference instead of each string and array; a change makes a
  /// new box.
  private var storage: Storage

  /// Identifier, stable across saves.
  public var id: ID {
    get { storage.fields.id }
    set { change { $0.id = newValue } }
  }
  /// The service (possibly empty when the name is set).
  public var issuer: String {
    get { storage.fields.issuer }
    set { change { $0.issuer = newValue } }
  }
  /// The account name at the service (possibly empty when the issuer is set).
  public var name: String {
    get { storage.fields.name }
    set { change { $0.name = newValue } }
  }
  /// Type, secret, algorithm, digits, period or counter, PIN.
  public var otp: OTPParameters {
    get { storage.fields.otp }
    set { change { $0.otp = newValue } }
  }
  /// Free text.
  public var note: String {
    get { storage.fields.note }
    set { change { $0.note = newValue } }
  }
  /// Favorites are listed first.
  public var favorite: Bool {
    get { storage.fields.favorite }
    set { change { $0.favorite = newValue } }
  }
  /// The groups the account belongs to.
  public var groups: [AccountGroup.ID] {
    get { storage.fields.groups }
    set { change { $0.groups = newValue } }
  }
  /// The account's picture; nil when it has none (or only one the vault file could not give as
  /// an image, whose fields then stay in `preserved`).
  public var icon: AccountIcon? {
    get { storage.fields.icon }
    set { change { $0.icon = newValue } }
  }
  /// Fields Twofold does not interpret (fields of newer apps, an icon that is no image), kept
  /// for the next save.
  public var preserved: [PreservedField] {
    get { storage.fields.preserved }
    set { change { $0.preserved = newValue } }
  }

  /// Creates an account.
  public init(
    id: ID, issuer: String, name: String, otp: OTPParameters, note: String = "", favorite: Bool = false,
    groups: [AccountGroup.ID] = [], icon: AccountIcon? = nil, preserved: [PreservedField] = []
  ) {
    storage = Storage(
      Fields(
        id: id, issuer: issuer, name: name, otp: otp, note: note, favorite: favorite, groups: groups,
        icon: icon, preserved: preserved))
  }

  /// Equal when every field is equal; one box shared by both is equal at once.
  public static func == (lhs: Account, rhs: Account) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
  }

  /// Hashes every field.
  public func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }

  /// Replaces the box with one holding the changed fields (changes are rare; reads, copies and
  /// comparisons are many, and a box that never changes is read without copying its fields).
  private mutating func change(_ body: (inout Fields) -> Void) {
    var fields = storage.fields
    body(&fields)
    storage = Storage(fields)
  }

  /// The stored fields of an account.
  private struct Fields: Hashable, Sendable {
    var id: ID
    var issuer: String
    var name: String
    var otp: OTPParameters
    var note: String
    var favorite: Bool
    var groups: [AccountGroup.ID]
    var icon: AccountIcon?
    var preserved: [PreservedField]
  }

  /// The box: never changed once made, so it is shared across threads as safely as the fields.
  private final class Storage: Sendable {
    let fields: Fields
    init(_ fields: Fields) { self.fields = fields }
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
