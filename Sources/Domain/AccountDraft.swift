import OTP

/// An account as typed into a form or given as command-line fields: text that may be wrong.
/// `problems` says what is wrong, per field, for inline messages.
public struct AccountDraft: Equatable, Sendable {
  /// The service.
  public var issuer = ""
  /// The account name.
  public var name = ""
  /// The code type.
  public var type = OTPType.totp
  /// The secret in Base32 as typed (spaces, hyphens and any case allowed).
  public var secret = ""
  /// The algorithm's name; empty for the type's default.
  public var algorithm = ""
  /// Digits as typed; empty for the type's default.
  public var digits = ""
  /// Period in seconds as typed; empty for the type's default.
  public var period = ""
  /// HOTP counter as typed; empty for 0.
  public var counter = ""
  /// PIN of mOTP and Yandex accounts.
  public var pin = ""
  /// Free text.
  public var note = ""
  /// Listed first when true.
  public var favorite = false
  /// Names of groups.
  public var groupNames: [String] = []

  /// An empty TOTP draft.
  public init() {}

  /// What is wrong with each field; empty when the draft can be added.
  public var problems: [AccountField: String] {
    var problems: [AccountField: String] = [:]
    if trimmed(issuer).isEmpty && trimmed(name).isEmpty {
      problems[.name] = "an issuer or a name is required"
    }
    do {
      _ = try parameters()
    } catch {
      if case .invalidField(let field, let message) = error { problems[field] = message }
    }
    return problems
  }

  /// The account to add, or the first problem found.
  public func newAccount() throws(DomainError) -> NewAccount {
    if let (field, message) = problems.sorted(by: { $0.key.rawValue < $1.key.rawValue }).first {
      throw .invalidField(field, message)
    }
    return NewAccount(
      issuer: trimmed(issuer), name: trimmed(name), otp: try parameters(), note: note, favorite: favorite,
      groupNames: groupNames)
  }

  private func parameters() throws(DomainError) -> OTPParameters {
    let secretBytes: [UInt8]
    do {
      secretBytes = try Base32.decode(secret)
    } catch {
      throw .invalidField(.secret, error.description)
    }
    guard !secretBytes.isEmpty else { throw .invalidField(.secret, "a secret is required") }
    let algorithm: OTPAlgorithm?
    do {
      algorithm = trimmed(self.algorithm).isEmpty ? nil : try OTPAlgorithm(name: trimmed(self.algorithm))
    } catch {
      throw .invalidField(.algorithm, error.description)
    }
    let digits = try number(self.digits, field: .digits)
    let period = type.isTimeBased ? try number(self.period, field: .period) : nil
    var counterValue: UInt64 = 0
    if type == .hotp, !trimmed(counter).isEmpty {
      guard let value = UInt64(trimmed(counter)), value <= UInt64(Int64.max) else {
        throw .invalidField(.counter, "the counter must be a whole number from 0 to \(Int64.max)")
      }
      counterValue = value
    }
    if type.needsPIN && pin.isEmpty {
      throw .invalidField(.pin, "a \(type.rawValue) account needs its PIN")
    }
    do {
      return try OTPParameters(
        type: type, secret: secretBytes, algorithm: algorithm, digits: digits, period: period,
        counter: counterValue, pin: type.needsPIN ? pin : nil)
    } catch {
      throw DomainError(error)
    }
  }

  private func number(_ text: String, field: AccountField) throws(DomainError) -> Int? {
    let text = trimmed(text)
    if text.isEmpty { return nil }
    guard let value = Int(text) else { throw .invalidField(field, "'\(text)' is not a whole number") }
    return value
  }

  private func trimmed(_ text: String) -> String { String(text.trimmingWhitespace()) }
}

extension DomainError {
  /// The field an `OTPError` is about, with its message.
  public init(_ error: OTPError) {
    switch error {
    case .emptySecret, .invalidSecret: self = .invalidField(.secret, error.description)
    case .invalidDigits: self = .invalidField(.digits, error.description)
    case .invalidPeriod: self = .invalidField(.period, error.description)
    case .invalidCounter: self = .invalidField(.counter, error.description)
    case .invalidAlgorithm: self = .invalidField(.algorithm, error.description)
    case .missingPIN: self = .invalidField(.pin, error.description)
    case .invalidTime, .secretWithheld: self = .cannotGenerate(error.description)
    }
  }
}
