import OTP

/// An account about to be added: parameters already checked, label not yet.
public struct NewAccount: Hashable, Sendable {
  /// The service.
  public var issuer: String
  /// The account name.
  public var name: String
  /// How codes are made.
  public var otp: OTPParameters
  /// Free text.
  public var note: String
  /// Listed first when true.
  public var favorite: Bool
  /// Names of the groups to put it in; missing groups are created.
  public var groupNames: [String]

  /// Creates a new account description.
  public init(
    issuer: String, name: String, otp: OTPParameters, note: String = "", favorite: Bool = false,
    groupNames: [String] = []
  ) {
    self.issuer = issuer
    self.name = name
    self.otp = otp
    self.note = note
    self.favorite = favorite
    self.groupNames = groupNames
  }

  /// The account a Key URI describes.
  public init(_ uri: KeyURI) {
    self.init(issuer: uri.issuer, name: uri.name, otp: uri.parameters)
  }
}
