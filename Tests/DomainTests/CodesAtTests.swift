import Domain
import OTP
import Testing

@Suite("CodesAt")
struct CodesAtTests {
  static let sha1Secret = Array("12345678901234567890".utf8)
  static let sha256Secret = Array("12345678901234567890123456789012".utf8)
  static let sha512Secret = Array("1234567890123456789012345678901234567890123456789012345678901234".utf8)

  static func totp(_ secret: [UInt8], _ algorithm: OTPAlgorithm) -> Account {
    Account(
      id: Account.ID("t"), issuer: "RFC 6238", name: "",
      otp: try! OTPParameters(type: .totp, secret: secret, algorithm: algorithm, digits: 8))
  }

  static func code(_ account: Account, at time: Int64) -> AccountCode {
    CodesAt()([account], at: time)[0]
  }

  @Test(
    "A TOTP account shows the RFC 6238 code and the seconds left until it changes",
    arguments: [
      (59, "94287082", 1),
      (1_111_111_109, "07081804", 1),
      (1_111_111_110, "14050471", 30),
      (1_111_111_111, "14050471", 29),
      (1_234_567_890, "89005924", 30),
      (2_000_000_000, "69279037", 10),
      (20_000_000_000, "65353130", 10),
    ] as [(Int64, String, Int)])
  func totpSHA1(time: Int64, code: String, remaining: Int) {
    let shown = Self.code(Self.totp(Self.sha1Secret, .sha1), at: time)
    #expect(shown.code == code)
    #expect(shown.remaining == remaining)
    #expect(shown.problem == nil)
  }

  @Test(
    "SHA-256 and SHA-512 TOTP accounts show their RFC 6238 codes",
    arguments: [
      (CodesAtTests.totp(sha256Secret, .sha256), 59, "46119246"),
      (CodesAtTests.totp(sha512Secret, .sha512), 59, "90693936"),
      (CodesAtTests.totp(sha256Secret, .sha256), 2_000_000_000, "90698825"),
      (CodesAtTests.totp(sha512Secret, .sha512), 2_000_000_000, "38618901"),
    ] as [(Account, Int64, String)])
  func totpSHA2(account: Account, time: Int64, code: String) {
    #expect(Self.code(account, at: time).code == code)
  }

  @Test("The next code is the code of the following step")
  func nextCode() {
    let shown = Self.code(Self.totp(Self.sha1Secret, .sha1), at: 1_111_111_109)
    #expect(shown.nextCode == "14050471")
  }

  @Test(
    "The next code is what the account shows once the remaining seconds have passed",
    arguments: [0, 1, 29, 30, 59, 1_700_000_000] as [Int64])
  func nextCodeArrives(time: Int64) throws {
    let account = Self.totp(Self.sha1Secret, .sha1)
    let now = Self.code(account, at: time)
    let remaining = try #require(now.remaining)
    #expect(Self.code(account, at: time + Int64(remaining)).code == now.nextCode)
    #expect(Self.code(account, at: time + Int64(remaining) - 1).code == now.code)
  }

  @Test("An HOTP account shows the code of its stored counter, never advanced, with no countdown")
  func hotp() {
    let account = Sample.hotp("h", issuer: "RFC 4226", counter: 7)
    let first = Self.code(account, at: 100)
    let later = Self.code(account, at: 100_000)
    #expect(first.code == "162583")
    #expect(first.nextCode == nil)
    #expect(first.remaining == nil)
    #expect(first.problem == nil)
    #expect(later == first)
    #expect(first.account.otp.counter == 7)
  }

  @Test(
    "mOTP and Yandex accounts show their published codes",
    arguments: [
      (OTPType.motp, "e3152afee62599c8", "1234", 165_892_298, "e7d8b6"),
      (OTPType.motp, "bbb1912bb5c515be", "9999", 1_659_540_020, "ced7b1"),
      (OTPType.yandex, "LA2V6KMCGYMWWVEW64RNP3JA3IAAAAAAHTSG4HRZPI", "7586", 1_581_064_020, "oactmacq"),
      (OTPType.yandex, "6SB2IKNM6OBZPAVBVTOHDKS4FAAAAAAADFUTQMBTRY", "5239", 1_641_559_648, "umozdicq"),
    ] as [(OTPType, String, String, Int64, String)])
  func pinTypes(type: OTPType, secret: String, pin: String, time: Int64, code: String) throws {
    let bytes = type == .motp ? try Hex.decode(secret) : try Base32.decode(secret)
    let account = Account(
      id: Account.ID("p"), issuer: "P", name: "", otp: try OTPParameters(type: type, secret: bytes, pin: pin))
    #expect(Self.code(account, at: time).code == code)
  }

  @Test(
    "An mOTP or Yandex account without its PIN gets a problem instead of a code",
    arguments: [
      OTPType.motp, .yandex,
    ])
  func missingPIN(type: OTPType) throws {
    let account = Account(
      id: Account.ID("p"), issuer: "P", name: "",
      otp: try OTPParameters(type: type, secret: [UInt8](repeating: 7, count: 16)))
    let hotp = Sample.hotp("h", issuer: "H", counter: 0)
    let shown = CodesAt()([account, hotp], at: 1_700_000_000)
    #expect(shown[0].account == account)
    #expect(shown[0].code == nil)
    #expect(shown[0].nextCode == nil)
    #expect(shown[0].problem == "this account type needs a PIN")
    #expect(shown[1].code == "755224")
  }

  @Test("A time before 1970 gives a problem instead of a code")
  func negativeTime() {
    let shown = Self.code(Self.totp(Self.sha1Secret, .sha1), at: -1)
    #expect(shown.code == nil)
    #expect(shown.problem == "the time must be a Unix time at or after 0, not -1")
  }

  @Test("Codes come back in the order the accounts were given")
  func order() {
    let accounts = [Sample.hotp("b", issuer: "B", counter: 1), Sample.hotp("a", issuer: "A", counter: 2)]
    #expect(CodesAt()(accounts, at: 0).map(\.code) == ["287082", "359152"])
  }
}
