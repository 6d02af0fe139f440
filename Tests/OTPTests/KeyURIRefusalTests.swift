import OTP
import Testing

@Suite("Key URI refusals")
struct KeyURIRefusalTests {
  static let secret = "JBSWY3DPEHPK3PXP"

  /// Bad input and the error it must raise.
  static let badInput: [(String, KeyURIRefusal)] = [
    ("otpauth://totp/a?secret=", .invalid("secret")),
    ("otpauth://totp/a?secret=%3D%3D%3D%3D", .invalid("secret")),
    ("otpauth://totp/a?issuer=x", .missing("secret")),
    ("otpauth://totp/a", .missing("secret")),
    ("otpauth://totp/a?secret=JBSWY3DP1EHPK3PXP", .invalid("secret")),
    ("otpauth://totp/a?secret=JBSWY3DP%C3%84", .invalid("secret")),
    ("otpauth://totp/a?secret=\(secret)&digits=0", .invalid("digits")),
    ("otpauth://totp/a?secret=\(secret)&digits=11", .invalid("digits")),
    ("otpauth://totp/a?secret=\(secret)&digits=abc", .invalid("digits")),
    ("otpauth://totp/a?secret=\(secret)&digits=", .invalid("digits")),
    ("otpauth://totp/a?secret=\(secret)&digits=%2B6", .invalid("digits")),
    ("otpauth://steam/a?secret=\(secret)&digits=6", .invalid("digits")),
    ("otpauth://totp/a?secret=\(secret)&period=0", .invalid("period")),
    ("otpauth://totp/a?secret=\(secret)&period=-1", .invalid("period")),
    ("otpauth://totp/a?secret=\(secret)&period=2147484", .invalid("period")),
    ("otpauth://totp/a?secret=\(secret)&period=30s", .invalid("period")),
    ("otpauth://hotp/a?secret=\(secret)&counter=-1", .invalid("counter")),
    ("otpauth://hotp/a?secret=\(secret)&counter=9223372036854775808", .invalid("counter")),
    ("otpauth://hotp/a?secret=\(secret)&counter=one", .invalid("counter")),
    ("otpauth://hotp/a?secret=\(secret)", .missing("counter")),
    ("otpauth://totp/a?secret=\(secret)&algorithm=SHA3", .invalid("algorithm")),
    ("otpauth://totp/a?secret=\(secret)&algorithm=MD5", .invalid("algorithm")),
    ("otpauth://hotp/a?secret=\(secret)&counter=0&algorithm=md5", .invalid("algorithm")),
    ("http://totp/a?secret=\(secret)", .unsupportedScheme("http")),
    ("otpauth-migration://offline?data=CjEKCkhlbGxvId6tvu8", .unsupportedScheme("otpauth-migration")),
    (secret, .unsupportedScheme("")),
    ("", .unsupportedScheme("")),
    ("otpauth://xotp/a?secret=\(secret)", .unsupportedType("xotp")),
    ("otpauth://OCRA/a?secret=\(secret)", .unsupportedType("ocra")),
    ("otpauth:///a?secret=\(secret)", .malformed),
    ("otpauth:totp/a?secret=\(secret)", .malformed),
    ("otpauth://totp/a%2?secret=\(secret)", .malformed),
    ("otpauth://totp/a%zzb?secret=\(secret)", .malformed),
    ("otpauth://totp/a%FF?secret=\(secret)", .malformed),
    ("otpauth://totp/a?secret=\(secret)%", .malformed),
    ("otpauth://totp/a?secret=\(secret)&issuer=%G1", .malformed),
    ("otpauth://yaotp/a?secret=6SB2IKNM6OBZPAVBVTOHDKS4FAAAAAAADFUTQMBTSY&pin=GUZDGOI", .invalid("secret")),
    ("otpauth://yaotp/a?secret=6SB2IKNM6OBZPAVBVTOHDKS4FA&pin=1234!", .invalid("pin")),
    ("motp://a?secret=\(secret)", .invalid("secret")),
    ("motp://a?secret=e3152afee62599c", .invalid("secret")),
  ]

  @Test("Bad input is refused with the specific error", arguments: badInput)
  func refusal(text: String, expected: KeyURIRefusal) {
    let error = #expect(throws: KeyURI.Error.self) { try KeyURI(parsing: text) }
    #expect(error.map(KeyURIRefusal.init) == expected)
  }

  @Test(
    "A refused parameter carries the parameter-level reason",
    arguments: [
      (
        "digits=0",
        KeyURI.Error.invalidParameter("digits", OTPError.invalidDigits(0, allowed: 1...10).description)
      ),
      ("digits=11", .invalidParameter("digits", OTPError.invalidDigits(11, allowed: 1...10).description)),
      ("period=2147484", .invalidParameter("period", OTPError.invalidPeriod(2_147_484).description)),
      ("algorithm=MD5", .invalidParameter("algorithm", OTPError.invalidAlgorithm("MD5").description)),
    ])
  func reason(parameter: String, expected: KeyURI.Error) {
    #expect(throws: expected) { try KeyURI(parsing: "otpauth://totp/a?secret=\(Self.secret)&\(parameter)") }
  }

  @Test("An empty secret is reported as empty, not as invalid Base32")
  func emptySecretReason() {
    #expect(throws: KeyURI.Error.invalidParameter("secret", OTPError.emptySecret.description)) {
      try KeyURI(parsing: "otpauth://totp/a?secret=")
    }
  }

  @Test("No refusal message repeats the secret")
  func messageHidesSecret() {
    let secret = "JBSWY3DP1EHPK3PXP"
    let error = #expect(throws: KeyURI.Error.self) {
      try KeyURI(parsing: "otpauth://totp/a?secret=\(secret)")
    }
    #expect(error.map { !$0.description.contains(secret) } == true)
  }
}
