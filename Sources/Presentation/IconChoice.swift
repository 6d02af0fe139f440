import Domain

/// One icon of an installed icon pack, offered in an account's details (CLI.md "The desktop
/// window": the details can choose an icon from the packs).
public struct IconChoice: Hashable, Sendable {
  /// The pack's name (`pack.json` `name`).
  public var pack: String
  /// The icon's name (its `name`, else its file name without the extension).
  public var name: String
  /// The icon's category; nil when the pack gives none.
  public var category: String?
  /// The image file's path, read with `AppDependencies.loadIcon` when chosen.
  public var path: String
  /// The image's format.
  public var format: AccountIcon.Format
  /// Whether the icon names the account's issuer (such icons come first).
  public var isMatch: Bool

  /// Describes an icon.
  public init(
    pack: String, name: String, category: String? = nil, path: String, format: AccountIcon.Format,
    isMatch: Bool = false
  ) {
    self.pack = pack
    self.name = name
    self.category = category
    self.path = path
    self.format = format
    self.isMatch = isMatch
  }
}
