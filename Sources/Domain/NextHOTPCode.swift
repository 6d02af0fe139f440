import OTP

/// Gives an HOTP account's next code. The advanced counter is saved before the code is
/// returned, so a crash can waste a code but never show the same one twice.
public struct NextHOTPCode: Sendable {
  let repository: any VaultRepository

  /// Creates the use case.
  public init(repository: any VaultRepository) { self.repository = repository }

  /// Saves counter + 1 and returns the code of the stored counter.
  public func callAsFunction(_ id: Account.ID) throws(DomainError) -> String {
    try repository.perform(.nextHOTP(id)).code()
  }

  /// Advances the counter of `id` in `contents` and returns the parameters it had.
  static func advance(_ id: Account.ID, in contents: inout VaultContents) throws(DomainError) -> OTPParameters
  {
    let index = try contents.index(of: id)
    let otp = contents.accounts[index].otp
    guard otp.type == .hotp else { throw .cannotGenerate("not an HOTP account") }
    guard otp.counter < UInt64(Int64.max) else { throw .cannotGenerate("the HOTP counter is spent") }
    do throws(OTPError) {
      contents.accounts[index].otp = try otp.withCounter(otp.counter + 1)
    } catch {
      throw DomainError(error)
    }
    return otp
  }

  /// The code of `used`'s stored counter.
  static func code(of used: OTPParameters) throws(DomainError) -> String {
    do {
      return try CodeGenerator(used).code(counter: used.counter)
    } catch {
      throw DomainError(error)
    }
  }
}

/// Changes the vault password.
public struct ChangePassword: Sendable {
  let credentials: any VaultCredentials

  /// Creates the use case.
  public init(credentials: any VaultCredentials) { self.credentials = credentials }

  /// Re-wraps the master key under `newPassword`; an empty password is refused.
  public func callAsFunction(_ newPassword: [UInt8]) throws(DomainError) {
    guard !newPassword.isEmpty else { throw .invalidField(.password, "the new password is empty") }
    try credentials.changePassword(to: newPassword)
  }
}
