/// Everything needed to compute an account's codes, checked when built: an invalid value cannot exist.
public struct OTPParameters: Hashable, Sendable {
  /// The longest period Aegis accepts, in seconds.
  public static let maximumPeriod = 2_147_483

  /// The kind of code.
  public let type: OTPType
  /// The shared secret as raw bytes (16 bytes for Yandex, checksum removed).
  public let secret: [UInt8]
  /// The hash function.
  public let algorithm: OTPAlgorithm
  /// Code length in digits or characters.
  public let digits: Int
  /// Seconds per step for time-based types (30 for HOTP, where it is unused).
  public let period: Int
  /// The counter of the next HOTP code (0 for other types).
  public let counter: UInt64
  /// The PIN of mOTP and Yandex accounts.
  public let pin: String?

  /// Validates and stores the parameters; omitted values take the type's defaults.
  public init(
    type: OTPType, secret: [UInt8], algorithm: OTPAlgorithm? = nil, digits: Int? = nil,
    period: Int? = nil, counter: UInt64 = 0, pin: String? = nil
  ) throws(OTPError) {
    let defaults = type.defaults
    guard !secret.isEmpty else { throw .emptySecret }
    let algorithm = algorithm ?? defaults.algorithm
    guard type.allowedAlgorithms.contains(algorithm) else { throw .invalidAlgorithm(algorithm.rawValue) }
    let digits = digits ?? defaults.digits
    guard type.allowedDigits.contains(digits) else {
      throw .invalidDigits(digits, allowed: type.allowedDigits)
    }
    let period = type.isTimeBased ? (period ?? defaults.period) : defaults.period
    guard (1...Self.maximumPeriod).contains(period) else { throw .invalidPeriod(period) }
    guard counter <= UInt64(Int64.max) else { throw .invalidCounter(String(counter)) }
    self.type = type
    self.secret = type == .yandex ? try YandexSecret.normalize(secret) : secret
    self.algorithm = algorithm
    self.digits = digits
    self.period = period
    self.counter = type == .hotp ? counter : 0
    self.pin = pin?.isEmpty == true ? nil : pin
  }

  private init(
    withheldType type: OTPType, algorithm: OTPAlgorithm, digits: Int, period: Int, counter: UInt64,
    hasPIN: Bool
  ) {
    self.type = type
    self.secret = []
    self.algorithm = algorithm
    self.digits = digits
    self.period = period
    self.counter = counter
    self.pin = hasPIN ? "" : nil
  }

  /// Parameters whose secret (and PIN) stay where the vault is open, such as the unlock agent:
  /// everything else is checked as `init` checks it, and no code can be made from them.
  public static func withheld(
    type: OTPType, algorithm: OTPAlgorithm, digits: Int, period: Int, counter: UInt64, hasPIN: Bool
  ) throws(OTPError) -> OTPParameters {
    let complete = try OTPParameters(
      type: type, secret: Array(repeating: 1, count: 16), algorithm: algorithm, digits: digits,
      period: period,
      counter: counter)
    return complete.withoutSecret(hasPIN: hasPIN)
  }

  /// These parameters without the secret and PIN (see `withheld`).
  public func withoutSecret() -> OTPParameters { withoutSecret(hasPIN: pin != nil) }

  private func withoutSecret(hasPIN: Bool) -> OTPParameters {
    OTPParameters(
      withheldType: type, algorithm: algorithm, digits: digits, period: period, counter: counter,
      hasPIN: hasPIN)
  }

  /// Whether the secret was left out (`withheld`): such parameters make no code.
  public var isWithheld: Bool { secret.isEmpty }

  /// The same parameters with another HOTP counter.
  public func withCounter(_ counter: UInt64) throws(OTPError) -> OTPParameters {
    if isWithheld {
      guard counter <= UInt64(Int64.max) else { throw .invalidCounter(String(counter)) }
      return OTPParameters(
        withheldType: type, algorithm: algorithm, digits: digits, period: period,
        counter: type == .hotp ? counter : 0, hasPIN: pin != nil)
    }
    return try OTPParameters(
      type: type, secret: secret, algorithm: algorithm, digits: digits, period: period,
      counter: counter, pin: pin)
  }

  /// The time step containing `time` (`floor(time / period)`), for time-based types.
  public func step(at time: Int64) throws(OTPError) -> UInt64 {
    guard time >= 0 else { throw .invalidTime(time) }
    return UInt64(time) / UInt64(period)
  }

  /// Seconds from `time` until the code changes: 1…period.
  public func remaining(at time: Int64) -> Int {
    let elapsed = Int(((time % Int64(period)) + Int64(period)) % Int64(period))
    return period - elapsed
  }
}
