import Testing

@testable import Formats

@Suite("Java serialisation reader")
struct JavaObjectStreamTests {
  let pairs = [("masterKey", "{}"), ("a", "same"), ("b", "same"), ("emoji \u{1F600}", "nul \u{0} é")]

  @Test("A HashMap of strings is read in stream order, references and long strings included")
  func readsMap() throws {
    for (references, long, split) in [(true, false, false), (false, true, false), (true, true, true)] {
      let bytes = JavaStreamWriter.map(pairs, references: references, longStrings: long, splitBlock: split)
      #expect(JavaObjectStream.looksLikeHashMap(bytes))
      let entries = try JavaObjectStream.stringMap(bytes)
      #expect(entries.map(\.key) == pairs.map(\.0))
      #expect(entries.map(\.value) == pairs.map(\.1))
    }
  }

  @Test("Every truncation of a stream is an error, never a trap")
  func truncations() {
    let bytes = JavaStreamWriter.map(pairs)
    for count in 0..<bytes.count {
      #expect(throws: JavaObjectStream.Failure.self) {
        try JavaObjectStream.stringMap(Array(bytes.prefix(count)))
      }
    }
  }

  @Test("A reference to the class description instead of a string is refused")
  func referenceToClass() {
    var bytes = JavaStreamWriter.map([("k", "v")])
    let value = bytes.count - 1 - 4  // the value "v": 74 00 01 76, before TC_ENDBLOCKDATA
    bytes.replaceSubrange(value..<bytes.count - 1, with: [0x71, 0x00, 0x7E, 0x00, 0x00])
    #expect(throws: JavaObjectStream.Failure.malformed("a reference to something other than a string")) {
      try JavaObjectStream.stringMap(bytes)
    }
  }

  @Test("Modified UTF-8 decodes two-byte NUL and surrogate pairs, and refuses stray continuation bytes")
  func modifiedUTF8() throws {
    #expect(
      try JavaObjectStream.modifiedUTF8(JavaStreamWriter.modifiedUTF8("a\u{0}\u{1F600}")) == "a\u{0}\u{1F600}"
    )
    #expect(throws: JavaObjectStream.Failure.self) { try JavaObjectStream.modifiedUTF8([0x80]) }
    #expect(throws: JavaObjectStream.Failure.self) { try JavaObjectStream.modifiedUTF8([0xE0, 0x80]) }
  }
}
