/// One of KRunner's matches (`org.kde.krunner1.Match`): `(sssida{sv})`.
public struct RunnerMatch: Equatable, Sendable {
  /// The account's id, which `Run` is given back.
  public var id: String
  /// `Issuer: name`.
  public var text: String
  /// The icon's name.
  public var icon: String
  /// KRunner's match type (100, `ExactMatch`).
  public var type: Int32
  /// From 0 to 1; the first result highest.
  public var relevance: Double
  /// The `subtext` property: what running it does.
  public var subtext: String

  /// Collects the fields.
  public init(id: String, text: String, icon: String, type: Int32, relevance: Double, subtext: String) {
    self.id = id
    self.text = text
    self.icon = icon
    self.type = type
    self.relevance = relevance
    self.subtext = subtext
  }
}
