/// The kinds of one-time password Twofold computes.
public enum OTPType: String, CaseIterable, Sendable {
  /// Time-based, RFC 6238.
  case totp
  /// Counter-based, RFC 4226.
  case hotp
  /// Steam Guard: TOTP rendered as five characters of Steam's alphabet.
  case steam
  /// Mobile-OTP: MD5 of time, secret and PIN.
  case motp
  /// Yandex Key: HMAC-SHA256 under a key hashed with the PIN, eight letters.
  case yandex

  /// Whether codes come from the clock (everything but HOTP).
  public var isTimeBased: Bool { self != .hotp }

  /// Whether a code needs a PIN.
  public var needsPIN: Bool { self == .motp || self == .yandex }

  /// Default algorithm, digits and period for the type.
  public var defaults: (algorithm: OTPAlgorithm, digits: Int, period: Int) {
    switch self {
    case .totp, .hotp: (.sha1, 6, 30)
    case .steam: (.sha1, 5, 30)
    case .motp: (.md5, 6, 10)
    case .yandex: (.sha256, 8, 30)
    }
  }

  /// The digit counts the type allows.
  public var allowedDigits: ClosedRange<Int> {
    switch self {
    case .totp, .hotp: 1...10
    case .steam: 5...5
    case .motp: 6...6
    case .yandex: 8...8
    }
  }

  /// The algorithms the type allows.
  public var allowedAlgorithms: [OTPAlgorithm] {
    switch self {
    case .totp, .hotp: [.sha1, .sha256, .sha512]
    case .steam: [.sha1]
    case .motp: [.md5]
    case .yandex: [.sha256]
    }
  }
}
