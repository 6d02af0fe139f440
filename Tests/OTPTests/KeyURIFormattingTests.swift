import OTP
import TestSupport
import Testing

@Suite("Key URI formatting")
struct KeyURIFormattingTests {
  /// Accounts whose URI text must parse back to the same value.
  static let accounts: [ExpectedAccount] = [
    ExpectedAccount(type: .totp, issuer: "ACME", name: "alice@example.com", secret: "JBSWY3DPEHPK3PXP"),
    ExpectedAccount(type: .totp, issuer: "", name: "bob", secret: "JBSWY3DPEHPK3PXP"),
    ExpectedAccount(type: .totp, issuer: "", name: "", secret: "JBSWY3DPEHPK3PXP"),
    ExpectedAccount(type: .totp, issuer: "GitHub", name: "", secret: "JBSWY3DPEHPK3PXP"),
    ExpectedAccount(type: .totp, issuer: "Example Co", name: "a:b", secret: "JBSWY3DPEHPK3PXP"),
    ExpectedAccount(type: .totp, issuer: "", name: "x:y:z", secret: "JBSWY3DPEHPK3PXP"),
    ExpectedAccount(type: .totp, issuer: "A:B", name: "c", secret: "JBSWY3DPEHPK3PXP"),
    ExpectedAccount(type: .totp, issuer: "Zürich", name: "東京", secret: "JBSWY3DPEHPK3PXP"),
    ExpectedAccount(type: .totp, issuer: "", name: "Zürich 東京", secret: "JBSWY3DPEHPK3PXP"),
    ExpectedAccount(
      type: .totp, issuer: "Acme & Co = 100% #1", name: "a+b?c/d e", secret: "JBSWY3DPEHPK3PXP"),
    ExpectedAccount(type: .totp, issuer: "", name: "a%3Ab", secret: "JBSWY3DPEHPK3PXP"),
    ExpectedAccount(type: .totp, issuer: " Spaced ", name: " alice ", secret: "JBSWY3DPEHPK3PXP"),
    ExpectedAccount(
      type: .totp, issuer: "Long", name: "ten", secret: "4SJHB4GSD43FZBAI7C2HLRJGPQ", algorithm: .sha256,
      digits: 10, period: 2_147_483),
    ExpectedAccount(
      type: .hotp, issuer: "WWE", name: "Mason", secret: "5VAML3X35THCEBVRLV24CGBKOY", algorithm: .sha512,
      digits: 8, counter: 10300),
    ExpectedAccount(
      type: .hotp, issuer: "", name: "max", secret: "JBSWY3DPEHPK3PXP", counter: UInt64(Int64.max)),
    ExpectedAccount(type: .hotp, issuer: "Period", name: "ignored", secret: "JBSWY3DPEHPK3PXP", period: 60),
    ExpectedAccount(type: .steam, issuer: "Steam", name: "Sophia", secret: "JRZCL47CMXVOQMNPZR2F7J4RGI"),
    ExpectedAccount(
      type: .yandex, issuer: "Yandex", name: "alice", secret: "6SB2IKNM6OBZPAVBVTOHDKS4FA", pin: "5239"),
    ExpectedAccount(
      type: .yandex, issuer: "", name: "bob", secret: "6SB2IKNM6OBZPAVBVTOHDKS4FA", pin: "7586"),
    ExpectedAccount(type: .yandex, issuer: "Yandex", name: "nopin", secret: "6SB2IKNM6OBZPAVBVTOHDKS4FA"),
    ExpectedAccount(type: .motp, issuer: "Mobile", name: "alice", secret: "e3152afee62599c8", pin: "1234"),
    ExpectedAccount(type: .motp, issuer: "", name: "bob", secret: "bbb1912bb5c515be", pin: "9999"),
  ]

  /// URIs exactly as `KeyURI.string` writes them.
  static let canonical = [
    "otpauth://totp/Deno:Mason?secret=4SJHB4GSD43FZBAI7C2HLRJGPQ&issuer=Deno&algorithm=SHA1&digits=6&period=30",
    "otpauth://totp/SPDX:James?secret=5OM4WOOGPLQEF6UGN3CPEOOLWU&issuer=SPDX&algorithm=SHA256&digits=7&period=20",
    "otpauth://hotp/Issuu:James?secret=YOOMIXWS5GN6RTBPUFFWKTW5M4&issuer=Issuu&algorithm=SHA1&digits=6&counter=1",
    "otpauth://hotp/Air%20Canada:Benjamin?secret=KUVJJOM753IHTNDSZVCNKL7GII&issuer=Air%20Canada"
      + "&algorithm=SHA256&digits=7&counter=50",
    "otpauth://steam/Boeing:Sophia?secret=JRZCL47CMXVOQMNPZR2F7J4RGI&issuer=Boeing&algorithm=SHA1&digits=5"
      + "&period=30",
    "otpauth://totp/bob?secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30",
    "otpauth://totp/:a%3Ab?secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30",
    "otpauth://totp/Z%C3%BCrich:%E6%9D%B1%E4%BA%AC?secret=JBSWY3DPEHPK3PXP&issuer=Z%C3%BCrich&algorithm=SHA1"
      + "&digits=6&period=30",
    "otpauth://yaotp/Yandex:alice?secret=6SB2IKNM6OBZPAVBVTOHDKS4FA&issuer=Yandex&algorithm=SHA256&digits=8"
      + "&period=30&pin=GUZDGOI",
    "motp://Mobile:alice?secret=e3152afee62599c8&issuer=Mobile&algorithm=MD5&digits=6&period=10&pin=1234",
  ]

  @Test("Parsing an account's URI text gives back the same account", arguments: accounts)
  func roundTrip(account: ExpectedAccount) throws {
    let uri = try account.keyURI()
    #expect(try KeyURI(parsing: uri.string) == uri, "\(uri.string)")
  }

  @Test("Random accounts with awkward labels survive a round trip through their URI text")
  func randomRoundTrip() throws {
    var random = SplitMix64(seed: 0x0E1A_B31)
    let pool = Array("aZ09 :%&=+#?/@.-_~'\"\\ü東🔑")
    func text() -> String {
      String((0..<Int.random(in: 0...8, using: &random)).map { _ in pool.randomElement(using: &random)! })
    }
    for _ in 0..<300 {
      let type = OTPType.allCases.randomElement(using: &random)!
      let parameters: OTPParameters
      switch type {
      case .totp, .hotp:
        parameters = try OTPParameters(
          type: type, secret: random.bytes(Int.random(in: 1...64, using: &random)),
          algorithm: [.sha1, .sha256, .sha512].randomElement(using: &random)!,
          digits: Int.random(in: 1...10, using: &random),
          period: Int.random(in: 1...2_147_483, using: &random),
          counter: UInt64.random(in: 0...UInt64(Int64.max), using: &random))
      case .steam:
        parameters = try OTPParameters(type: type, secret: random.bytes(20))
      case .yandex:
        parameters = try OTPParameters(
          type: type, secret: random.bytes(16), pin: String(random.next() % 10000))
      case .motp:
        parameters = try OTPParameters(
          type: type, secret: random.bytes(8), pin: String(random.next() % 10000))
      }
      let uri = KeyURI(issuer: text(), name: text(), parameters: parameters)
      #expect(try KeyURI(parsing: uri.string) == uri, "\(uri.string)")
    }
  }

  @Test("Formatting a parsed canonical URI gives the same text", arguments: canonical)
  func canonicalIsStable(text: String) throws {
    #expect(try KeyURI(parsing: text).string == text)
  }

  @Test("Every type is written with its own scheme and host", arguments: OTPType.allCases)
  func schemeAndHost(type: OTPType) throws {
    let secret: [UInt8] = type == .yandex ? Array(repeating: 7, count: 16) : [1, 2, 3, 4, 5]
    let uri = KeyURI(
      issuer: "I", name: "n", parameters: try OTPParameters(type: type, secret: secret, pin: "1"))
    let expectedPrefix =
      switch type {
      case .totp: "otpauth://totp/"
      case .hotp: "otpauth://hotp/"
      case .steam: "otpauth://steam/"
      case .yandex: "otpauth://yaotp/"
      case .motp: "motp://"
      }
    #expect(uri.string.hasPrefix(expectedPrefix + "I:n?"))
  }
}

extension ExpectedAccount: CustomTestStringConvertible {
  var testDescription: String { "\(type) \(issuer.debugDescription):\(name.debugDescription)" }
}
