/// What GNOME Shell shows for one result (`GetResultMetas`): an `a{sv}` of strings.
public struct SearchMeta: Equatable, Sendable {
  /// The account's id.
  public var id: String
  /// The issuer, or the name when there is no issuer.
  public var name: String
  /// The account's name (empty when `name` already is it).
  public var description: String
  /// The current code; nil for HOTP accounts, whose codes are not made while listing.
  public var clipboardText: String?

  /// Collects the fields.
  public init(id: String, name: String, description: String, clipboardText: String?) {
    self.id = id
    self.name = name
    self.description = description
    self.clipboardText = clipboardText
  }
}
