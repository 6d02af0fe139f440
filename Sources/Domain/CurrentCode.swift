/// The code to use now for one account: an HOTP account's next code (its counter advanced and
/// saved first, through `NextHOTPCode`), else the current code at `time`.
public struct CurrentCode: Sendable {
  let repository: any VaultRepository

  /// Creates the use case.
  public init(repository: any VaultRepository) { self.repository = repository }

  /// The code of `account` at `time` (Unix seconds).
  public func callAsFunction(_ account: Account, at time: Int64) throws(DomainError) -> String {
    if account.otp.type == .hotp { return try NextHOTPCode(repository: repository)(account.id) }
    let result = try repository.codes(of: [account], at: time, next: false)[0]
    guard let code = result.code else {
      throw .cannotGenerate(result.problem ?? "no code for \(account.label)")
    }
    return code
  }
}
