/// The code to use now for one account: an HOTP account's next code (its counter advanced and
/// saved first, through `NextHOTPCode`), else the current code at `time`.
public struct CurrentCode: Sendable {
  let repository: any VaultRepository

  /// Creates the use case.
  public init(repository: any VaultRepository) { self.repository = repository }

  /// The code of `account` at `time` (Unix seconds).
  public func callAsFunction(_ account: Account, at time: Int64) throws(DomainError) -> String {
    if account.otp.type == .hotp { return try NextHOTPCode(repository: repository)(account.id) }
    return try stored(account, at: time)
  }

  /// Hands the code of `account` at `time` to `deliver` (a keyboard, a clipboard) and only then,
  /// for an HOTP account, saves its advanced counter: a delivery that fails spends no code
  /// (CLI.md: a failed `--type` never advances a counter). When another process advanced the
  /// counter meanwhile, the code delivered was already used: that is an error.
  public func deliver(
    _ account: Account, at time: Int64, through deliver: (String) throws(DesktopError) -> Void
  ) throws(DesktopError) {
    let code: String
    do {
      code = try stored(account, at: time)
    } catch {
      throw .vault(error)
    }
    try deliver(code)
    guard account.otp.type == .hotp else { return }
    let spent: String
    do {
      spent = try NextHOTPCode(repository: repository)(account.id)
    } catch {
      throw .vault(error)
    }
    guard spent == code else {
      throw .vault(.cannotGenerate("another process used this HOTP code meanwhile: run the command again"))
    }
  }

  /// The code of the account's stored counter (HOTP) or of `time`, without changing anything.
  private func stored(_ account: Account, at time: Int64) throws(DomainError) -> String {
    let result = try repository.codes(of: [account], at: time, next: false)[0]
    guard let code = result.code else {
      throw .cannotGenerate(result.problem ?? "no code for \(account.label)")
    }
    return code
  }
}
