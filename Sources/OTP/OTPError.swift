/// Why a one-time-password value could not be built or a code computed; never holds a secret.
public enum OTPError: Error, Equatable, Sendable {
  /// The secret decodes to no bytes.
  case emptySecret
  /// The secret is not valid Base32 (or hex for mOTP); the payload says why.
  case invalidSecret(String)
  /// The digit count is outside what the type allows.
  case invalidDigits(Int, allowed: ClosedRange<Int>)
  /// The period is outside 1…2,147,483 seconds.
  case invalidPeriod(Int)
  /// The HOTP counter is negative or above 2^63 − 1.
  case invalidCounter(String)
  /// The algorithm name is unknown or not allowed for this type.
  case invalidAlgorithm(String)
  /// mOTP and Yandex codes need the account's PIN.
  case missingPIN
  /// A time before the Unix epoch.
  case invalidTime(Int64)
  /// The parameters were handed out without their secret (`OTPParameters.withheld`).
  case secretWithheld
}

extension OTPError: CustomStringConvertible {
  /// A one-line explanation for people.
  public var description: String {
    switch self {
    case .emptySecret: "the secret is empty"
    case .invalidSecret(let why): "the secret is invalid: \(why)"
    case .invalidDigits(let digits, let allowed):
      allowed.lowerBound == allowed.upperBound
        ? "digits must be \(allowed.lowerBound) for this type, not \(digits)"
        : "digits must be \(allowed.lowerBound) to \(allowed.upperBound), not \(digits)"
    case .invalidPeriod(let period):
      "the period must be 1 to \(OTPParameters.maximumPeriod) seconds, not \(period)"
    case .invalidCounter(let counter): "the counter must be 0 to \(Int64.max), not \(counter)"
    case .invalidAlgorithm(let name): "unsupported algorithm '\(name)'"
    case .missingPIN: "this account type needs a PIN"
    case .invalidTime(let time): "the time must be a Unix time at or after 0, not \(time)"
    case .secretWithheld: "the secret stays with the agent that holds the vault open"
    }
  }
}
