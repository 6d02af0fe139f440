import Domain
import OTP
import Testing

@Suite("NextHOTPCode")
struct NextHOTPCodeTests {
  /// RFC 4226 Appendix D: HOTP-SHA1, 6 digits, secret "12345678901234567890", counters 0…9.
  static let rfc4226 = [
    "755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583",
    "399871", "520489",
  ]

  func repository(counter: UInt64) -> InMemoryVaultRepository {
    InMemoryVaultRepository(
      VaultContents(accounts: [
        Sample.hotp("h", issuer: "RFC", counter: counter), Sample.totp("t", issuer: "T"),
      ]))
  }

  func storedCounter(_ repository: InMemoryVaultRepository) throws -> UInt64 {
    try repository.load().accounts[0].otp.counter
  }

  @Test(
    "The code is the RFC 4226 value of the stored counter, and the saved counter is one more",
    arguments: 0..<10)
  func codeAndAdvance(counter: Int) throws {
    let repository = repository(counter: UInt64(counter))
    #expect(try NextHOTPCode(repository: repository)(Account.ID("h")) == Self.rfc4226[counter])
    #expect(try storedCounter(repository) == UInt64(counter) + 1)
  }

  @Test("Each call gives the next code in sequence")
  func sequence() throws {
    let repository = repository(counter: 0)
    let next = NextHOTPCode(repository: repository)
    let codes = try (0..<4).map { _ in try next(Account.ID("h")) }
    #expect(codes == Array(Self.rfc4226.prefix(4)))
    #expect(try storedCounter(repository) == 4)
  }

  @Test("Only the HOTP account's counter changes")
  func othersUntouched() throws {
    let repository = repository(counter: 5)
    let before = try repository.load()
    _ = try NextHOTPCode(repository: repository)(Account.ID("h"))
    let after = try repository.load()
    #expect(after.accounts[1] == before.accounts[1])
    #expect(after.accounts[0].otp.secret == before.accounts[0].otp.secret)
    #expect(after.accounts[0].otp.digits == 6)
  }

  @Test("A time-based account has no next HOTP code, and nothing is saved")
  func notHOTP() throws {
    let repository = repository(counter: 3)
    let before = try repository.load()
    #expect(throws: DomainError.cannotGenerate("not an HOTP account")) {
      try NextHOTPCode(repository: repository)(Account.ID("t"))
    }
    #expect(try repository.load() == before)
  }

  @Test("A counter at 2^63 - 1 is spent: refused, and left as it is")
  func spentCounter() throws {
    let repository = repository(counter: UInt64(Int64.max))
    #expect(throws: DomainError.cannotGenerate("the HOTP counter is spent")) {
      try NextHOTPCode(repository: repository)(Account.ID("h"))
    }
    #expect(try storedCounter(repository) == UInt64(Int64.max))
  }

  @Test("The last usable counter, 2^63 - 2, still gives a code and saves 2^63 - 1")
  func lastCounter() throws {
    let repository = repository(counter: UInt64(Int64.max) - 1)
    let code = try NextHOTPCode(repository: repository)(Account.ID("h"))
    #expect(code.count == 6 && code.allSatisfy(\.isNumber))
    #expect(try storedCounter(repository) == UInt64(Int64.max))
  }

  @Test("An unknown account is not found")
  func unknown() {
    #expect(throws: DomainError.notFound("x")) {
      try NextHOTPCode(repository: repository(counter: 0))(Account.ID("x"))
    }
  }
}
