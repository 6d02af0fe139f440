import OTP
import Testing

@Suite("Key URI parsing")
struct KeyURIParsingTests {
  /// The accounts of the Aegis test vectors 1–7 (fixtures/aegis/plain.txt and ente_auth.txt).
  enum Vectors {
    static let deno = ExpectedAccount(
      type: .totp, issuer: "Deno", name: "Mason", secret: "4SJHB4GSD43FZBAI7C2HLRJGPQ", algorithm: .sha1,
      digits: 6, period: 30)
    static let spdx = ExpectedAccount(
      type: .totp, issuer: "SPDX", name: "James", secret: "5OM4WOOGPLQEF6UGN3CPEOOLWU", algorithm: .sha256,
      digits: 7, period: 20)
    static let airbnb = ExpectedAccount(
      type: .totp, issuer: "Airbnb", name: "Elijah", secret: "7ELGJSGXNCCTV3O6LKJWYFV2RA",
      algorithm: .sha512, digits: 8, period: 50)
    static let issuu = ExpectedAccount(
      type: .hotp, issuer: "Issuu", name: "James", secret: "YOOMIXWS5GN6RTBPUFFWKTW5M4", algorithm: .sha1,
      digits: 6, counter: 1)
    static let airCanada = ExpectedAccount(
      type: .hotp, issuer: "Air Canada", name: "Benjamin", secret: "KUVJJOM753IHTNDSZVCNKL7GII",
      algorithm: .sha256, digits: 7, counter: 50)
    static let wwe = ExpectedAccount(
      type: .hotp, issuer: "WWE", name: "Mason", secret: "5VAML3X35THCEBVRLV24CGBKOY", algorithm: .sha512,
      digits: 8, counter: 10300)
    static let boeing = ExpectedAccount(
      type: .steam, issuer: "Boeing", name: "Sophia", secret: "JRZCL47CMXVOQMNPZR2F7J4RGI", algorithm: .sha1,
      digits: 5, period: 30)
  }

  static let plainText: [(String, ExpectedAccount)] = [
    (
      "otpauth://totp/Deno:Mason?secret=4SJHB4GSD43FZBAI7C2HLRJGPQ&issuer=Deno&algorithm=SHA1&digits=6&period=30",
      Vectors.deno
    ),
    (
      "otpauth://totp/SPDX:James?secret=5OM4WOOGPLQEF6UGN3CPEOOLWU&issuer=SPDX&algorithm=SHA256&digits=7"
        + "&period=20", Vectors.spdx
    ),
    (
      "otpauth://totp/Airbnb:Elijah?secret=7ELGJSGXNCCTV3O6LKJWYFV2RA&issuer=Airbnb&algorithm=SHA512&digits=8"
        + "&period=50", Vectors.airbnb
    ),
    (
      "otpauth://hotp/Issuu:James?secret=YOOMIXWS5GN6RTBPUFFWKTW5M4&issuer=Issuu&algorithm=SHA1&digits=6"
        + "&counter=1", Vectors.issuu
    ),
    (
      "otpauth://hotp/Air%20Canada:Benjamin?secret=KUVJJOM753IHTNDSZVCNKL7GII&issuer=Air+Canada"
        + "&algorithm=SHA256&digits=7&counter=50", Vectors.airCanada
    ),
    (
      "otpauth://hotp/WWE:Mason?secret=5VAML3X35THCEBVRLV24CGBKOY&issuer=WWE&algorithm=SHA512&digits=8"
        + "&counter=10300", Vectors.wwe
    ),
    (
      "otpauth://steam/Boeing:Sophia?secret=JRZCL47CMXVOQMNPZR2F7J4RGI&issuer=Boeing&algorithm=SHA1&digits=5"
        + "&period=30", Vectors.boeing
    ),
  ]

  /// Ente Auth's shapes: an unknown `codeDisplay` parameter, and on WWE lowercase `sha512`, parameters
  /// in another order and a stray `period` on an HOTP account.
  static let codeDisplay =
    "&codeDisplay=%7B%22pinned%22%3Afalse%2C%22trashed%22%3Afalse%2C%22lastUsedAt%22%3A0%2C%22tapCount"
    + "%22%3A0%2C%22tags%22%3A%5B%5D%7D"
  static let enteAuth: [(String, ExpectedAccount)] = [
    (
      "otpauth://hotp/Air%20Canada:Benjamin?secret=KUVJJOM753IHTNDSZVCNKL7GII&issuer=Air+Canada"
        + "&algorithm=SHA256&digits=7&counter=50" + codeDisplay, Vectors.airCanada
    ),
    (
      "otpauth://totp/Airbnb:Elijah?secret=7ELGJSGXNCCTV3O6LKJWYFV2RA&issuer=Airbnb&algorithm=SHA512&digits=8"
        + "&period=50" + codeDisplay, Vectors.airbnb
    ),
    (
      "otpauth://steam/Boeing:Sophia?secret=JRZCL47CMXVOQMNPZR2F7J4RGI&issuer=Boeing&algorithm=SHA1&digits=5"
        + "&period=30" + codeDisplay, Vectors.boeing
    ),
    (
      "otpauth://totp/Deno:Mason?secret=4SJHB4GSD43FZBAI7C2HLRJGPQ&issuer=Deno&algorithm=SHA1&digits=6"
        + "&period=30" + codeDisplay, Vectors.deno
    ),
    (
      "otpauth://hotp/Issuu:James?secret=YOOMIXWS5GN6RTBPUFFWKTW5M4&issuer=Issuu&algorithm=SHA1&digits=6"
        + "&counter=1" + codeDisplay, Vectors.issuu
    ),
    (
      "otpauth://totp/SPDX:James?secret=5OM4WOOGPLQEF6UGN3CPEOOLWU&issuer=SPDX&algorithm=SHA256&digits=7"
        + "&period=20" + codeDisplay, Vectors.spdx
    ),
    (
      "otpauth://hotp/WWE:Mason?algorithm=sha512&digits=8&issuer=WWE&period=30&secret=5VAML3X35THCEBVRLV24CGBKOY"
        + "&counter=10300" + codeDisplay, Vectors.wwe
    ),
  ]

  /// The shapes real QR codes take.
  static let shapes: [(String, ExpectedAccount)] = [
    (
      "OTPAUTH://TOTP/ACME:alice@example.com?secret=JBSWY3DPEHPK3PXP",
      ExpectedAccount(type: .totp, issuer: "ACME", name: "alice@example.com", secret: "JBSWY3DPEHPK3PXP")
    ),
    (
      "otpauth://TOTP/ACME%3Aalice@example.com?secret=JBSWY3DPEHPK3PXP&issuer=ACME",
      ExpectedAccount(type: .totp, issuer: "ACME", name: "alice@example.com", secret: "JBSWY3DPEHPK3PXP")
    ),
    (
      "otpauth://totp/ACME%3aalice?secret=JBSWY3DPEHPK3PXP",
      ExpectedAccount(type: .totp, issuer: "ACME", name: "alice", secret: "JBSWY3DPEHPK3PXP")
    ),
    (
      "otpauth://totp/Example%20Co:Alice%20Smith?secret=jbsw%20y3dp-ehpk+3pxp&issuer=Example%20Co",
      ExpectedAccount(type: .totp, issuer: "Example Co", name: "Alice Smith", secret: "JBSWY3DPEHPK3PXP")
    ),
    (
      "otpauth://totp/Deno:Mason?secret=4SJHB4GSD43FZBAI7C2HLRJGPQ%3D%3D%3D%3D%3D%3D",
      ExpectedAccount(type: .totp, issuer: "Deno", name: "Mason", secret: "4SJHB4GSD43FZBAI7C2HLRJGPQ")
    ),
    (
      "otpauth://totp/alice?secret=JBSWY3DPEHPK3PXP&issuer=GitHub&image=https%3A%2F%2Fexample.com%2Fa.png",
      ExpectedAccount(type: .totp, issuer: "GitHub", name: "alice", secret: "JBSWY3DPEHPK3PXP")
    ),
    (
      "otpauth://totp/bob?secret=JBSWY3DPEHPK3PXP",
      ExpectedAccount(type: .totp, issuer: "", name: "bob", secret: "JBSWY3DPEHPK3PXP")
    ),
    (
      "otpauth://totp?secret=JBSWY3DPEHPK3PXP",
      ExpectedAccount(type: .totp, issuer: "", name: "", secret: "JBSWY3DPEHPK3PXP")
    ),
    (
      "otpauth://totp/?secret=JBSWY3DPEHPK3PXP",
      ExpectedAccount(type: .totp, issuer: "", name: "", secret: "JBSWY3DPEHPK3PXP")
    ),
    (
      "otpauth://totp/Z%C3%BCrich:%E6%9D%B1%E4%BA%AC?secret=JBSWY3DPEHPK3PXP&issuer=Z%C3%BCrich",
      ExpectedAccount(type: .totp, issuer: "Zürich", name: "東京", secret: "JBSWY3DPEHPK3PXP")
    ),
    (
      "otpauth://yaotp/alice@yandex.ru?secret=6SB2IKNM6OBZPAVBVTOHDKS4FAAAAAAADFUTQMBTRY&pin=GUZDGOI",
      ExpectedAccount(
        type: .yandex, issuer: "Yandex", name: "alice@yandex.ru", secret: "6SB2IKNM6OBZPAVBVTOHDKS4FA",
        pin: "5239")
    ),
    (
      "motp://Mobile:alice?secret=e3152afee62599c8&pin=1234",
      ExpectedAccount(type: .motp, issuer: "Mobile", name: "alice", secret: "e3152afee62599c8", pin: "1234")
    ),
    (
      "otpauth://totp/ACME:alice?secret=JBSWY3DPEHPK3PXP&period=60&digits=8&algorithm=SHA256#fragment",
      ExpectedAccount(
        type: .totp, issuer: "ACME", name: "alice", secret: "JBSWY3DPEHPK3PXP", algorithm: .sha256, digits: 8,
        period: 60)
    ),
  ]

  @Test("Each line of fixtures/aegis/plain.txt parses to its account", arguments: plainText)
  func plainTextLine(uri: String, expected: ExpectedAccount) throws {
    #expect(try KeyURI(parsing: uri) == expected.keyURI())
  }

  @Test("Each line of fixtures/aegis/ente_auth.txt parses to its account", arguments: enteAuth)
  func enteAuthLine(uri: String, expected: ExpectedAccount) throws {
    #expect(try KeyURI(parsing: uri) == expected.keyURI())
  }

  @Test("Real-world URI shapes parse to their account", arguments: shapes)
  func shape(uri: String, expected: ExpectedAccount) throws {
    #expect(try KeyURI(parsing: uri) == expected.keyURI())
  }

  @Test("A TOTP URI with only a secret takes SHA-1, 6 digits and 30 seconds")
  func defaults() throws {
    let parameters = try KeyURI(parsing: "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP").parameters
    #expect(parameters.type == .totp)
    #expect(parameters.algorithm == .sha1)
    #expect(parameters.digits == 6)
    #expect(parameters.period == 30)
  }

  @Test("The issuer parameter wins over a disagreeing label prefix, which leaves the name")
  func issuerParameterWins() throws {
    let uri = try KeyURI(parsing: "otpauth://totp/Label:alice?secret=JBSWY3DPEHPK3PXP&issuer=Parameter")
    #expect(uri.issuer == "Parameter")
    #expect(uri.name == "alice")
  }

  @Test("An empty issuer parameter leaves the label prefix as the issuer")
  func emptyIssuerParameter() throws {
    let uri = try KeyURI(parsing: "otpauth://totp/Label:alice?secret=JBSWY3DPEHPK3PXP&issuer=")
    #expect(uri.issuer == "Label")
    #expect(uri.name == "alice")
  }

  @Test("The first occurrence of a repeated parameter counts")
  func firstOccurrenceCounts() throws {
    let uri = try KeyURI(parsing: "otpauth://totp/a?secret=JBSWY3DPEHPK3PXP&digits=8&digits=7")
    #expect(uri.parameters.digits == 8)
  }

  @Test("Leading and trailing whitespace around the URI is ignored")
  func surroundingWhitespace() throws {
    let uri = try KeyURI(parsing: "  otpauth://totp/ACME:alice?secret=JBSWY3DPEHPK3PXP\n")
    #expect(uri.name == "alice")
    #expect(uri.parameters.secret == (try Base32.decode("JBSWY3DPEHPK3PXP")))
  }
}
