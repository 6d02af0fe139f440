import Domain
import OTP

/// Accounts and secrets the Domain tests build vaults from.
enum Sample {
  /// RFC 4226 Appendix D / RFC 6238 Appendix B SHA-1 secret: ASCII "12345678901234567890".
  static let rfcSecret = Array("12345678901234567890".utf8)
  /// Another secret, so accounts are not duplicates of each other by accident.
  static let otherSecret: [UInt8] = [0xde, 0xad, 0xbe, 0xef, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06]

  /// A TOTP account (SHA-1, 6 digits, 30 s unless told otherwise).
  static func totp(
    _ id: String, issuer: String, name: String = "", secret: [UInt8] = otherSecret, digits: Int = 6,
    note: String = "", favorite: Bool = false, groups: [String] = []
  ) -> Account {
    Account(
      id: Account.ID(id), issuer: issuer, name: name,
      otp: try! OTPParameters(type: .totp, secret: secret, digits: digits), note: note, favorite: favorite,
      groups: groups.map(AccountGroup.ID.init))
  }

  /// An HOTP account over the RFC 4226 secret with 6 digits.
  static func hotp(_ id: String, issuer: String, name: String = "", counter: UInt64) -> Account {
    Account(
      id: Account.ID(id), issuer: issuer, name: name,
      otp: try! OTPParameters(type: .hotp, secret: rfcSecret, counter: counter))
  }

  /// Just the ids, in order, for comparing lists.
  static func ids(_ accounts: [Account]) -> [String] { accounts.map(\.id.rawValue) }
}
