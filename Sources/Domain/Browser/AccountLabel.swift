import OTP

/// What the browser may know of an account: its id and label, never its secret.
public struct AccountLabel: Hashable, Sendable {
  /// The account's id.
  public let id: Account.ID
  /// The service.
  public let issuer: String
  /// The account name at the service.
  public let name: String
  /// The kind of codes (TOTP codes count down, HOTP codes do not).
  public let type: OTPType

  /// A label.
  public init(id: Account.ID, issuer: String, name: String, type: OTPType) {
    self.id = id
    self.issuer = issuer
    self.name = name
    self.type = type
  }

  /// The label of `account`.
  public init(_ account: Account) {
    self.init(id: account.id, issuer: account.issuer, name: account.name, type: account.otp.type)
  }
}
