import OTP

/// An account with the code it shows at one moment.
public struct AccountCode: Equatable, Sendable {
  /// The account.
  public var account: Account
  /// The code, or nil when the account cannot make one (see `problem`).
  public var code: String?
  /// The code after this one, for time-based accounts.
  public var nextCode: String?
  /// Seconds until the code changes (1…period); nil for HOTP.
  public var remaining: Int?
  /// Why there is no code.
  public var problem: String?

  /// An account with its code, or with why it has none.
  public init(
    account: Account, code: String? = nil, nextCode: String? = nil, remaining: Int? = nil,
    problem: String? = nil
  ) {
    self.account = account
    self.code = code
    self.nextCode = nextCode
    self.remaining = remaining
    self.problem = problem
  }
}

/// The codes of every account (or the given ones) at a time. HOTP accounts show the code of
/// their stored counter; listing never advances a counter.
public struct CodesAt: Sendable {
  /// Creates the use case; it needs no storage.
  public init() {}

  /// Codes at Unix time `time`; `next` also computes each following code.
  public func callAsFunction(_ accounts: [Account], at time: Int64, next: Bool = true) -> [AccountCode] {
    accounts.map { account in
      Self.code(of: account, generator: Self.generator(for: account), at: time, next: next)
    }
  }

  /// The prepared generator of `account`, or why it has none; the agent keeps these per account.
  public static func generator(for account: Account) -> Result<CodeGenerator, OTPError> {
    Result { () throws(OTPError) in try CodeGenerator(account.otp) }
  }

  /// The code of `account` at `time` from its prepared `generator`.
  public static func code(
    of account: Account, generator: Result<CodeGenerator, OTPError>, at time: Int64, next: Bool
  ) -> AccountCode {
    do throws(OTPError) {
      let generator = try generator.get()
      if account.otp.type == .hotp {
        return AccountCode(account: account, code: generator.code(counter: account.otp.counter))
      }
      let step = try account.otp.step(at: time)
      return AccountCode(
        account: account, code: generator.code(counter: step),
        nextCode: next ? generator.code(counter: step + 1) : nil,
        remaining: account.otp.remaining(at: time))
    } catch {
      return AccountCode(account: account, problem: error.description)
    }
  }
}
