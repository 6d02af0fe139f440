import Domain
import OTP
import Testing

@Suite("AccountDraft")
struct AccountDraftTests {
  /// A draft that differs from a valid TOTP draft by `change`, and the problems it should report.
  struct Case: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let draft: AccountDraft
    let problems: [AccountField: String]

    init(_ description: String, _ problems: [AccountField: String], _ change: (inout AccountDraft) -> Void) {
      var draft = AccountDraftTests.valid
      change(&draft)
      self.testDescription = description
      self.draft = draft
      self.problems = problems
    }
  }

  static var valid: AccountDraft {
    var draft = AccountDraft()
    draft.issuer = "Example"
    draft.name = "alice"
    draft.secret = "JBSW Y3DP-EHPK 3PXP"
    return draft
  }

  static let maxCounter = "the counter must be a whole number from 0 to 9223372036854775807"

  static let cases: [Case] = [
    Case("no issuer and no name", [.name: "an issuer or a name is required"]) {
      $0.issuer = " "
      $0.name = ""
    },
    Case(
      "a secret with a character outside Base32",
      [
        .secret: "the secret is invalid: it has a character outside Base32 (A-Z, 2-7)"
      ]
    ) { $0.secret = "JBSWY3DP1" },
    Case("an empty secret", [.secret: "a secret is required"]) { $0.secret = "" },
    Case("a secret of only spaces and padding", [.secret: "a secret is required"]) { $0.secret = "  ==" },
    Case("0 digits", [.digits: "digits must be 1 to 10, not 0"]) { $0.digits = "0" },
    Case("11 digits", [.digits: "digits must be 1 to 10, not 11"]) { $0.digits = "11" },
    Case("digits that are not a number", [.digits: "'x' is not a whole number"]) { $0.digits = "x" },
    Case("6 digits on a Steam account", [.digits: "digits must be 5 for this type, not 6"]) {
      $0.type = .steam
      $0.digits = "6"
    },
    Case("a period of 0", [.period: "the period must be 1 to 2147483 seconds, not 0"]) { $0.period = "0" },
    Case("a period above Aegis' limit", [.period: "the period must be 1 to 2147483 seconds, not 2147484"]) {
      $0.period = "2147484"
    },
    Case("a negative HOTP counter", [.counter: maxCounter]) {
      $0.type = .hotp
      $0.counter = "-1"
    },
    Case("an HOTP counter above 2^63 - 1", [.counter: maxCounter]) {
      $0.type = .hotp
      $0.counter = "9223372036854775808"
    },
    Case("MD5 on a TOTP account", [.algorithm: "unsupported algorithm 'MD5'"]) { $0.algorithm = "MD5" },
    Case("an unknown algorithm", [.algorithm: "unsupported algorithm 'SHA3'"]) { $0.algorithm = "SHA3" },
    Case("an mOTP account without its PIN", [.pin: "a motp account needs its PIN"]) {
      $0.type = .motp
    },
    Case("a Yandex account without its PIN", [.pin: "a yandex account needs its PIN"]) {
      $0.type = .yandex
    },
    Case(
      "no label and no secret", [.name: "an issuer or a name is required", .secret: "a secret is required"]
    ) {
      $0.issuer = ""
      $0.name = ""
      $0.secret = ""
    },
  ]

  @Test("A draft reports what is wrong per field", arguments: cases)
  func problems(of test: Case) {
    #expect(test.draft.problems == test.problems)
  }

  @Test("A draft with a problem is refused with that field and message", arguments: cases)
  func refusal(of test: Case) throws {
    let (field, message) = try #require(test.problems.min { $0.key.rawValue < $1.key.rawValue })
    #expect(throws: DomainError.invalidField(field, message)) { try test.draft.newAccount() }
  }

  @Test("A valid draft has no problems and becomes a trimmed NewAccount with decoded parameters")
  func validDraft() throws {
    var draft = Self.valid
    draft.issuer = "  Example "
    draft.name = " alice\n"
    draft.algorithm = "sha256"
    draft.digits = " 8 "
    draft.period = "60"
    draft.note = "note"
    draft.favorite = true
    draft.groupNames = ["Work"]
    #expect(draft.problems.isEmpty)
    let expected = NewAccount(
      issuer: "Example", name: "alice",
      otp: try OTPParameters(
        type: .totp, secret: Array("Hello!\u{DE}\u{AD}\u{BE}\u{EF}".unicodeScalars.map { UInt8($0.value) }),
        algorithm: .sha256, digits: 8, period: 60),
      note: "note", favorite: true, groupNames: ["Work"])
    #expect(try draft.newAccount() == expected)
  }

  @Test("Empty optional fields take the type's defaults and a typed HOTP counter is kept")
  func defaults() throws {
    var draft = Self.valid
    draft.type = .hotp
    draft.counter = "42"
    let otp = try draft.newAccount().otp
    #expect(otp.algorithm == .sha1)
    #expect(otp.digits == 6)
    #expect(otp.counter == 42)
  }

  @Test("An mOTP draft with its PIN is valid and keeps the PIN")
  func motpWithPIN() throws {
    var draft = Self.valid
    draft.type = .motp
    draft.pin = "1234"
    #expect(draft.problems.isEmpty)
    #expect(try draft.newAccount().otp.pin == "1234")
  }
}
