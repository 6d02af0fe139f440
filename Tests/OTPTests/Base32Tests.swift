import OTP
import TestSupport
import Testing

@Suite("Base32")
struct Base32Tests {
  /// RFC 4648 §10: bytes and their padded Base32.
  static let rfc4648: [(String, String)] = [
    ("", ""),
    ("f", "MY======"),
    ("fo", "MZXQ===="),
    ("foo", "MZXW6==="),
    ("foob", "MZXW6YQ="),
    ("fooba", "MZXW6YTB"),
    ("foobar", "MZXW6YTBOI======"),
  ]

  @Test("Decoding padded RFC 4648 vectors gives their bytes", arguments: rfc4648)
  func decodePadded(text: String, encoded: String) throws {
    #expect(try Base32.decode(encoded) == Array(text.utf8))
  }

  @Test("Decoding RFC 4648 vectors without padding gives their bytes", arguments: rfc4648)
  func decodeUnpadded(text: String, encoded: String) throws {
    #expect(try Base32.decode(encoded.filter { $0 != "=" }) == Array(text.utf8))
  }

  @Test("Encoding gives RFC 4648's text without padding", arguments: rfc4648)
  func encode(text: String, encoded: String) {
    #expect(Base32.encode(Array(text.utf8)) == encoded.filter { $0 != "=" })
  }

  @Test(
    "Decoding ignores case, spaces, tabs and hyphens",
    arguments: [
      "mzxw6ytboi", "MzXw6YtBoI", "MZXW 6YTB OI", "MZXW-6YTB-OI", "mzxw\t6ytb oi======", " MZXW6YTBOI ",
    ])
  func tolerantDecode(text: String) throws {
    #expect(try Base32.decode(text) == Array("foobar".utf8))
  }

  @Test(
    "Characters outside the Base32 alphabet are refused",
    arguments: [
      "MZXW6YT1", "MZXW6YT0", "MZXW6YT8", "MZXW6YT9", "MZXW6YT!", "MZXW6YT_", "MZXW6YTÄ", "MZXW.6YTB",
    ])
  func invalidCharacters(text: String) {
    let error = #expect(throws: OTPError.self) { try Base32.decode(text) }
    #expect(error.isInvalidSecret)
  }

  @Test("Characters after '=' padding are refused", arguments: ["MY======MY", "MZ=XW", "=" + "A"])
  func charactersAfterPadding(text: String) {
    let error = #expect(throws: OTPError.self) { try Base32.decode(text) }
    #expect(error.isInvalidSecret)
  }

  @Test("Encoding writes only uppercase alphabet characters and no padding", arguments: 0...16)
  func encodedAlphabet(length: Int) {
    var random = SplitMix64(seed: UInt64(length) &* 31)
    let encoded = Base32.encode(random.bytes(length))
    #expect(encoded.allSatisfy { "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".contains($0) })
    #expect(encoded.count == (length * 8 + 4) / 5)
  }

  @Test("Decoding what was encoded gives back random byte arrays of every length up to 100")
  func roundTrip() throws {
    var random = SplitMix64(seed: 0xB32)
    for length in 0...100 {
      let bytes = random.bytes(length)
      #expect(try Base32.decode(Base32.encode(bytes)) == bytes, "length \(length)")
    }
  }
}
