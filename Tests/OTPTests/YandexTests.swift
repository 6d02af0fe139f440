import OTP
import Testing

@Suite("Yandex Key")
struct YandexTests {
  /// vault-format.md "Known values": PIN, Base32 secret (26 bytes with checksum), Unix time, code.
  static let knownValues: [(String, String, Int64, String)] = [
    ("5239", "6SB2IKNM6OBZPAVBVTOHDKS4FAAAAAAADFUTQMBTRY", 1_641_559_648, "umozdicq"),
    ("7586", "LA2V6KMCGYMWWVEW64RNP3JA3IAAAAAAHTSG4HRZPI", 1_581_064_020, "oactmacq"),
    ("7586", "LA2V6KMCGYMWWVEW64RNP3JA3IAAAAAAHTSG4HRZPI", 1_581_090_810, "wemdwrix"),
    ("5210481216086702", "JBGSAU4G7IEZG6OY4UAXX62JU4AAAAAAHTSG4HXU3M", 1_581_091_469, "dfrpywob"),
    ("5210481216086702", "JBGSAU4G7IEZG6OY4UAXX62JU4AAAAAAHTSG4HXU3M", 1_581_093_059, "vunyprpd"),
  ]

  @Test("Yandex codes match the known values", arguments: knownValues)
  func knownValue(pin: String, secret: String, time: Int64, code: String) throws {
    let parameters = try OTPParameters(type: .yandex, secret: Base32.decode(secret), pin: pin)
    #expect(try CodeGenerator(parameters).code(at: time) == code)
  }

  @Test("A 26-byte secret keeps its first 16 bytes once the checksum is checked", arguments: knownValues)
  func checksumIsRemoved(pin: String, secret: String, time: Int64, code: String) throws {
    let full = try Base32.decode(secret)
    #expect(full.count == 26)
    let parameters = try OTPParameters(type: .yandex, secret: full, pin: pin)
    #expect(parameters.secret == Array(full.prefix(16)))
  }

  @Test("A 16-byte secret without checksum gives the same codes", arguments: knownValues)
  func shortSecret(pin: String, secret: String, time: Int64, code: String) throws {
    let short = Array(try Base32.decode(secret).prefix(16))
    let parameters = try OTPParameters(type: .yandex, secret: short, pin: pin)
    #expect(try CodeGenerator(parameters).code(at: time) == code)
  }

  @Test(
    "A 26-byte secret with a corrupted checksum or body is refused",
    arguments: [(25, 0x01), (25, 0x80), (24, 0x08), (0, 0x01), (15, 0x40), (20, 0x02)] as [(Int, UInt8)])
  func corruptedChecksum(index: Int, mask: UInt8) throws {
    var secret = try Base32.decode("6SB2IKNM6OBZPAVBVTOHDKS4FAAAAAAADFUTQMBTRY")
    secret[index] ^= mask
    let error = #expect(throws: OTPError.self) {
      try OTPParameters(type: .yandex, secret: secret, pin: "5239")
    }
    #expect(error.isInvalidSecret)
  }

  @Test("A Yandex secret that is neither 16 nor 26 bytes is refused", arguments: [1, 15, 17, 20, 25, 27, 32])
  func wrongLength(length: Int) {
    let error = #expect(throws: OTPError.self) {
      try OTPParameters(type: .yandex, secret: [UInt8](repeating: 0x41, count: length), pin: "5239")
    }
    #expect(error.isInvalidSecret)
  }

  @Test("A yaotp URI with a Base32 PIN gives the known code")
  func fromURI() throws {
    let uri = try KeyURI(
      parsing: "otpauth://yaotp/alice@yandex.ru?secret=6SB2IKNM6OBZPAVBVTOHDKS4FAAAAAAADFUTQMBTRY&pin=GUZDGOI"
    )
    #expect(uri.parameters.pin == "5239")
    #expect(try CodeGenerator(uri.parameters).code(at: 1_641_559_648) == "umozdicq")
  }

  @Test("Yandex without a PIN cannot produce codes")
  func missingPIN() throws {
    let parameters = try OTPParameters(
      type: .yandex, secret: Base32.decode("6SB2IKNM6OBZPAVBVTOHDKS4FAAAAAAADFUTQMBTRY"))
    #expect(throws: OTPError.missingPIN) { try CodeGenerator(parameters) }
  }
}
