/// A named group accounts can belong to (Aegis db version 2+).
public struct AccountGroup: Hashable, Sendable, Identifiable {
  /// The group's identifier: its UUID in the vault file.
  public struct ID: Hashable, Sendable, CustomStringConvertible {
    /// The UUID text.
    public let rawValue: String
    /// Wraps UUID text.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The UUID text.
    public var description: String { rawValue }
  }

  /// Identifier.
  public var id: ID
  /// Name shown to people; unique in a vault ignoring case.
  public var name: String
  /// Fields Twofold does not interpret.
  public var preserved: [PreservedField]

  /// Creates a group.
  public init(id: ID, name: String, preserved: [PreservedField] = []) {
    self.id = id
    self.name = name
    self.preserved = preserved
  }
}
