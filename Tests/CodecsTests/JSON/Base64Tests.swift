import Codecs
import Testing

@Suite("Base64 follows RFC 4648")
struct Base64Tests {
  /// RFC 4648 §10 test vectors.
  static let vectors: [(String, String)] = [
    ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"),
    ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
  ]

  @Test("encoding gives the RFC 4648 vectors", arguments: vectors)
  func encodes(plain: String, encoded: String) {
    #expect(Base64.encode(Array(plain.utf8)) == encoded)
  }

  @Test("decoding the RFC 4648 vectors gives the bytes", arguments: vectors)
  func decodes(plain: String, encoded: String) throws {
    #expect(try Base64.decode(encoded) == Array(plain.utf8))
    #expect(try Base64.decodeURLSafe(encoded) == Array(plain.utf8))
  }

  @Test("padding may be left out", arguments: vectors)
  func unpadded(plain: String, encoded: String) throws {
    let unpadded = String(encoded.filter { $0 != "=" })
    #expect(try Base64.decode(unpadded) == Array(plain.utf8))
  }

  @Test("ASCII whitespace and line breaks are ignored")
  func whitespace() throws {
    #expect(try Base64.decode("Zm9v\nYmFy\r\n") == Array("foobar".utf8))
    #expect(try Base64.decode(" Zm 9v\tYg =\n= ") == Array("foob".utf8))
  }

  @Test("every byte value survives a round trip, in both alphabets")
  func allBytes() throws {
    let bytes = (0...255).map(UInt8.init) + [0xFB, 0xFF]
    let standard = Base64.encode(bytes)
    #expect(try Base64.decode(standard) == bytes)
    let urlSafe = String(standard.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
    #expect(try Base64.decodeURLSafe(urlSafe) == bytes)
    #expect(standard.contains("+") && standard.contains("/"))
  }

  @Test("the two alphabets do not mix")
  func alphabets() {
    #expect(throws: Base64.Error.invalidCharacter(offset: 2)) { try Base64.decode("++-_") }
    #expect(throws: Base64.Error.invalidCharacter(offset: 0)) { try Base64.decodeURLSafe("++-_") }
  }

  @Test(
    "invalid input throws",
    arguments: [
      ("Zm9v!", Base64.Error.invalidCharacter(offset: 4)),
      ("Zm9vé", .invalidCharacter(offset: 4)),
      ("Z", .invalidLength),
      ("Zm9vY", .invalidLength),
      ("Zg=", .invalidPadding),
      ("Zg===", .invalidPadding),
      ("Zm8==", .invalidPadding),
      ("Zm9v=", .invalidPadding),
      ("====", .invalidPadding),
      ("Zg==Zg==", .invalidPadding),
      ("Z=g=", .invalidPadding),
    ])
  func invalid(text: String, error: Base64.Error) {
    #expect(throws: error) { try Base64.decode(text) }
  }

  @Test("error descriptions never include the input")
  func descriptions() throws {
    let error = try #require(throws: Base64.Error.self) { try Base64.decode("c2VjcmV0!") }
    #expect(error.description == "not Base64: unexpected character at byte 8")
  }

  @Test("long texts decode four symbols at a time, wrapped anywhere, with errors at their offsets")
  func longTexts() throws {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    for length in [0, 1, 2, 3, 4, 5, 61, 1000, 4099] {
      let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: next()) }
      let encoded = Array(Base64.encode(bytes).utf8)
      #expect(try Base64.decode(String(decoding: encoded, as: UTF8.self)) == bytes)
      var wrapped: [UInt8] = []
      for (index, byte) in encoded.enumerated() {
        if index > 0, next() % 7 == 0 { wrapped.append(next() % 2 == 0 ? 0x0A : 0x20) }
        wrapped.append(byte)
      }
      #expect(try Base64.decode(String(decoding: wrapped, as: UTF8.self)) == bytes, "wrapped, \(length)")
      guard !wrapped.isEmpty else { continue }
      let bad = Int(next() % UInt64(wrapped.count))
      wrapped[bad] = UInt8(ascii: "!")
      #expect(throws: Base64.Error.invalidCharacter(offset: bad)) {
        try Base64.decode(String(decoding: wrapped, as: UTF8.self))
      }
    }
  }
}
