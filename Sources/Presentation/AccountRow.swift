import Domain

/// One line of the account list, ready to draw.
public struct AccountRow: Equatable, Sendable {
  /// The account.
  public var id: Account.ID
  /// Service.
  public var issuer: String
  /// Account name.
  public var name: String
  /// The code grouped for reading (`123 456`); nil when hidden, not generated yet, or impossible.
  public var code: String?
  /// The next code, shown in the last seconds of a period.
  public var nextCode: String?
  /// Seconds left; nil for HOTP.
  public var remaining: Int?
  /// The period in seconds; nil for HOTP.
  public var period: Int?
  /// An HOTP account (its code appears on request).
  public var isCounterBased: Bool
  /// Listed first.
  public var favorite: Bool
  /// Group names.
  public var groups: [String]
  /// Why there is no code.
  public var problem: String?
  /// The account's icon; nil draws the issuer's initials.
  public var icon: AccountIcon? = nil

  /// Whether the seconds-left bar should warn (the last fifth of the period, at most 5 s).
  public var isEnding: Bool {
    guard let remaining, let period else { return false }
    return remaining <= max(1, min(5, period / 5))
  }

  /// Splits a code in two halves for reading: `123456` → `123 456`, `1234567` → `123 4567`.
  public static func grouped(_ code: String) -> String {
    guard code.count >= 6 else { return code }
    let half = code.count / 2
    return String(code.prefix(half)) + " " + String(code.dropFirst(half))
  }
}
