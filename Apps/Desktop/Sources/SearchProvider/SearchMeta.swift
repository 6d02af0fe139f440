import Domain

/// What GNOME Shell shows for one result (`GetResultMetas`): an `a{sv}`.
public struct SearchMeta: Equatable, Sendable {
  /// The account's id.
  public var id: String
  /// The issuer, or the name when there is no issuer.
  public var name: String
  /// The grouped current code and the account's name (`123 456 · alice@example.com`), either
  /// alone when the other is missing: the code for an HOTP account or with codes hidden.
  public var description: String
  /// The current code; nil for HOTP accounts, whose codes are not made while listing.
  public var clipboardText: String?
  /// The account's own icon, where the vault holds one (else the app's is shown).
  public var icon: AccountIcon?

  /// Collects the fields.
  public init(id: String, name: String, description: String, clipboardText: String?, icon: AccountIcon? = nil)
  {
    self.id = id
    self.name = name
    self.description = description
    self.clipboardText = clipboardText
    self.icon = icon
  }
}
