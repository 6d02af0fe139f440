import Testing

@testable import Infrastructure

@Suite("The D-Bus wire format of the Secret Service client")
struct DBusValueTests {
  static func encoded(_ values: [DBusValue]) -> [UInt8] {
    var writer = DBusWriter()
    for value in values { writer.write(value) }
    return writer.bytes
  }

  static func decoded(_ bytes: [UInt8], _ signature: String) throws -> [DBusValue] {
    var reader = DBusReader(bytes: bytes, offset: 0, littleEndian: true)
    return try reader.values(signature)
  }

  @Test(
    "OpenSession's arguments marshal as the specification lays them out: padding before the variant's string")
  func openSessionBytes() {
    let bytes = Self.encoded([.string("plain"), .variant(.string(""))])
    #expect(
      bytes == [5, 0, 0, 0] + Array("plain".utf8) + [0, 1, UInt8(ascii: "s"), 0, 0, 0, 0, 0, 0, 0, 0, 0])
  }

  @Test("An empty array of 8-aligned entries still pads to 8 after its length")
  func emptyDictionary() {
    #expect(Self.encoded([.byte(7), .attributes([])]) == [7, 0, 0, 0, 0, 0, 0, 0])
  }

  @Test(
    "Values read back as written",
    arguments: [
      [
        DBusValue.attributes([("xdg:schema", "io.github.twofold.VaultKey"), ("vault", "/home/me/vault.json")])
      ],
      [
        .structure([
          .objectPath("/org/freedesktop/secrets/session/s1"), .bytes([]), .bytes(Array(0..<32)),
          .string("application/octet-stream"),
        ])
      ],
      [
        .array(
          "{sv}",
          [
            .dictEntry(.string("org.freedesktop.Secret.Item.Label"), .variant(.string("Twofold key for /v"))),
            .dictEntry(
              .string("org.freedesktop.Secret.Item.Attributes"), .variant(.attributes([("uuid", "u")]))),
          ]), .boolean(true),
      ],
      [.array("o", [.objectPath("/a"), .objectPath("/b/c")]), .array("o", [])],
      [.byte(1), .uint32(0xDEAD_BEEF), .int32(-2), .signature("a(yv)"), .variant(.boolean(false))],
    ])
  func roundTrip(values: [DBusValue]) throws {
    let signature = values.map(\.signature).joined()
    #expect(try Self.decoded(Self.encoded(values), signature) == values)
  }

  @Test("A message cut short, or a type the client does not read, is malformed, never a crash")
  func malformed() {
    let bytes = Self.encoded([.attributes([("vault", "/v")])])
    #expect(throws: DBusReader.Malformed.self) { try Self.decoded(Array(bytes.dropLast(3)), "a{ss}") }
    #expect(throws: DBusReader.Malformed.self) { try Self.decoded([0, 0, 0, 0, 0, 0, 0, 0], "x") }
    #expect(throws: DBusReader.Malformed.self) { try Self.decoded([255, 255, 255, 0], "s") }
  }
}
