import Codecs
import Testing

/// An input that must fail, with the error it must fail with.
struct InvalidJSON: Sendable, CustomTestStringConvertible {
  let name: String
  let bytes: [UInt8]
  let error: JSONError

  init(_ name: String, _ text: String, _ kind: JSONError.Kind, at offset: Int) {
    self.init(name, Array(text.utf8), kind, at: offset)
  }

  init(_ name: String, _ bytes: [UInt8], _ kind: JSONError.Kind, at offset: Int) {
    self.name = name
    self.bytes = bytes
    self.error = JSONError(kind, at: offset)
  }

  var testDescription: String { name }
}

@Suite("JSONParser rejects what RFC 8259 does not allow")
struct JSONParserErrorTests {
  static let invalidDocuments: [InvalidJSON] = [
    InvalidJSON("empty input", "", .unexpectedEnd, at: 0),
    InvalidJSON("only whitespace", "  \n", .unexpectedEnd, at: 3),
    InvalidJSON("only a BOM", [0xEF, 0xBB, 0xBF], .unexpectedEnd, at: 3),
    InvalidJSON("a lone high surrogate", #""\ud83d""#, .invalidUnicodeEscape, at: 1),
    InvalidJSON("a high surrogate then a letter", #""\ud83dx""#, .invalidUnicodeEscape, at: 1),
    InvalidJSON("a high surrogate then a non-low escape", #""\ud83d\u0041""#, .invalidUnicodeEscape, at: 1),
    InvalidJSON("a lone low surrogate", #""a\ude00""#, .invalidUnicodeEscape, at: 2),
    InvalidJSON("a short \\u escape", #""\u12""#, .invalidUnicodeEscape, at: 5),
    InvalidJSON("a \\u escape cut off by the end", #""\u12"#, .unexpectedEnd, at: 5),
    InvalidJSON("an unknown escape", #""\x""#, .invalidEscape, at: 1),
    InvalidJSON("a stray continuation byte", [0x22, 0x80, 0x22], .invalidUTF8, at: 1),
    InvalidJSON("an overlong encoding", [0x22, 0xC0, 0xAF, 0x22], .invalidUTF8, at: 1),
    InvalidJSON("an encoded surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, at: 1),
    InvalidJSON("a code point above U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8, at: 1),
    InvalidJSON("a truncated sequence", [0x22, 0xE6, 0x9D, 0x22], .invalidUTF8, at: 1),
    InvalidJSON("the byte 0xFF", [0x22, 0x61, 0xFF, 0x22], .invalidUTF8, at: 2),
    InvalidJSON("non-ASCII outside a string", [0x5B, 0xC3, 0xA9, 0x5D], .unexpectedCharacter, at: 1),
    InvalidJSON("a raw tab in a string", "\"a\tb\"", .controlCharacterInString, at: 2),
    InvalidJSON("a raw newline in a string", "\"a\nb\"", .controlCharacterInString, at: 2),
    InvalidJSON("a trailing comma in an array", "[1,2,]", .unexpectedCharacter, at: 5),
    InvalidJSON("a trailing comma in an object", #"{"a":1,}"#, .unexpectedCharacter, at: 7),
    InvalidJSON("a leading zero", "01", .invalidNumber, at: 1),
    InvalidJSON("a leading zero in an array", "[-012]", .invalidNumber, at: 3),
    InvalidJSON("a point without digits", "1.", .invalidNumber, at: 2),
    InvalidJSON("a point before the exponent", "1.e5", .invalidNumber, at: 2),
    InvalidJSON("a bare minus", "-", .invalidNumber, at: 1),
    InvalidJSON("a minus before a letter", "-a", .invalidNumber, at: 1),
    InvalidJSON("an exponent without digits", "1e+", .invalidNumber, at: 3),
    InvalidJSON("a leading plus", "+1", .unexpectedCharacter, at: 0),
    InvalidJSON("a leading point", ".5", .unexpectedCharacter, at: 0),
    InvalidJSON("nesting 300 deep", String(repeating: "[", count: 300), .tooDeep, at: 256),
    InvalidJSON("an unterminated string", #"{"secret":"JBSW"#, .unexpectedEnd, at: 15),
    InvalidJSON("an unterminated array", "[1", .unexpectedEnd, at: 2),
    InvalidJSON("an unterminated object", #"{"a":1"#, .unexpectedEnd, at: 6),
    InvalidJSON("a missing colon", #"{"a" 1}"#, .unexpectedCharacter, at: 5),
    InvalidJSON("a single-quoted string", "['a']", .unexpectedCharacter, at: 1),
    InvalidJSON("an unquoted member name", "{a:1}", .unexpectedCharacter, at: 1),
    InvalidJSON("a misspelled literal", "[tru]", .unexpectedCharacter, at: 4),
    InvalidJSON("a cut-off literal", "nul", .unexpectedEnd, at: 3),
    InvalidJSON("a second value", "{} {}", .trailingData, at: 3),
    InvalidJSON("garbage after the value", "[1]x", .trailingData, at: 3),
    InvalidJSON("a NUL after the value", [0x31, 0x00], .trailingData, at: 1),
    InvalidJSON("a BOM in the middle", [0x20, 0xEF, 0xBB, 0xBF, 0x31], .unexpectedCharacter, at: 1),
    InvalidJSON("a comment", "[1 // one\n]", .unexpectedCharacter, at: 3),
    InvalidJSON("NaN", "NaN", .unexpectedCharacter, at: 0),
  ]

  @Test("an invalid document throws the expected error", arguments: invalidDocuments)
  func invalidDocumentThrows(document: InvalidJSON) {
    #expect(throws: document.error) { try JSONParser.parse(document.bytes) }
  }

  @Test("JSONValue(parsing:) throws the same errors", arguments: invalidDocuments.prefix(5))
  func initializerThrows(document: InvalidJSON) {
    #expect(throws: document.error) { try JSONValue(parsing: document.bytes) }
  }

  @Test("an error message names only the kind and the byte offset")
  func messageHasNoContent() throws {
    let secret = "JBSWY3DPEHPK3PXP"
    let error = try #require(throws: JSONError.self) {
      try JSONParser.parse(Array(#"{"secret":"\#(secret)"x}"#.utf8))
    }
    #expect(error.description == "unexpected character at byte 28")
    #expect(!error.description.contains(secret))
  }

  @Test("no error description quotes the input", arguments: invalidDocuments)
  func descriptionsQuoteNothing(document: InvalidJSON) {
    let description = document.error.description
    #expect(description.hasSuffix(" at byte \(document.error.offset)"))
    #expect(description == "\(document.error.message) at byte \(document.error.offset)")
  }
}
