import Codecs
import Testing

@Suite("JSONParser reads RFC 8259 documents")
struct JSONParserTests {
  static let validDocuments: [(String, JSONValue)] = [
    ("null", .null),
    ("true", true),
    ("false", false),
    ("0", 0),
    ("-12", -12),
    ("\"\"", ""),
    ("\"plain\"", "plain"),
    ("[]", []),
    ("{}", [:]),
    (" \t\r\n[ 1 , \"a\" , null ]\n ", [1, "a", .null]),
    ("{\"a\":{\"b\":[true,false]}}", ["a": ["b": [true, false]]]),
    (#""\" \\ \/ \b \f \n \r \t""#, "\" \\ / \u{08} \u{0C} \n \r \t"),
    (#""\u0041\u00e9\u6771\u4EAC""#, "Aé東京"),
    (#""\ud83d\ude00 smile""#, "😀 smile"),
    (#""\u0000""#, "\u{0}"),
    ("\"Zürich 東京 🔑\"", "Zürich 東京 🔑"),
    ("\u{FEFF}{\"bom\":1}", ["bom": 1]),
    (#"{"a":1,"a":2}"#, ["a": 1]),
    ("[[[[[[[[[[]]]]]]]]]]", [[[[[[[[[[]]]]]]]]]]),
  ]

  @Test("a valid document parses to its value", arguments: validDocuments)
  func validDocumentParses(text: String, expected: JSONValue) throws {
    #expect(try JSONParser.parse(Array(text.utf8)) == expected)
  }

  @Test("a document given as a string's UTF-8 view parses like its bytes")
  func parsesUTF8View() throws {
    let text = #"{"issuer":"Deno","digits":6}"#
    #expect(try JSONParser.parse(text.utf8) == JSONValue(parsing: Array(text.utf8)))
  }

  @Test("a duplicate member name keeps the first member")
  func duplicateKeepsFirst() throws {
    let value = try JSONValue(parsing: Array(#"{"a":1,"b":2,"a":3}"#.utf8))
    #expect(value.objectValue?.keys == ["a", "b"])
    #expect(value["a"]?.int64Value == 1)
  }

  @Test("an object with many members still drops duplicates")
  func manyMembersDropDuplicates() throws {
    let members = (0..<100).map { "\"k\($0 % 50)\":\($0)" }.joined(separator: ",")
    let object = try #require(try JSONParser.parse(Array("{\(members)}".utf8)).objectValue)
    #expect(object.count == 50)
    #expect(object["k7"]?.int64Value == 7)
  }

  @Test("an escaped member name duplicates its plain spelling")
  func escapedDuplicate() throws {
    let value = try JSONParser.parse(Array(#"{"type":"totp","\u0074ype":"hotp"}"#.utf8))
    #expect(value.objectValue?.members.count == 1)
    #expect(value["type"]?.stringValue == "totp")
  }

  @Test("nesting up to the maximum depth is accepted")
  func maximumDepthAccepted() throws {
    let depth = JSONParser.maximumDepth
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    var value = try JSONParser.parse(Array(text.utf8))
    for _ in 1..<depth { value = try #require(value.arrayValue?.first) }
    #expect(value == [])
  }

  @Test("hostile nesting fails with tooDeep instead of overflowing the stack")
  func hostileNesting() {
    let text = String(repeating: "[", count: 100_000)
    #expect(throws: JSONError(.tooDeep, at: JSONParser.maximumDepth)) {
      try JSONParser.parse(Array(text.utf8))
    }
  }

  @Test("long strings with escapes and non-ASCII text decode exactly")
  func longMixedString() throws {
    let piece = "abcdefgh Zürich \\\"東京\\\" \\/ 🔑 \\u00e9\\n"
    let text = "\"" + String(repeating: piece, count: 50) + "\""
    let expected = String(repeating: "abcdefgh Zürich \"東京\" / 🔑 é\n", count: 50)
    #expect(try JSONParser.parse(Array(text.utf8)) == .string(expected))
  }
}

@Suite("JSONParser on a large vault")
struct JSONParserLargeDocumentTests {
  @Test("a 2,000-entry Aegis-like db round-trips through serialize and parse")
  func largeVault() throws {
    let entries = (0..<2_000).map { index -> JSONValue in
      [
        "type": "totp", "uuid": .string("3ae6f1ad-2e65-4ed2-a953-\(100_000_000_000 + index)"),
        "name": .string("user\(index)@example.com"), "issuer": .string(index % 7 == 0 ? "Zürich/東京" : "Deno"),
        "note": "", "favorite": false, "icon": .null,
        "info": ["secret": "4SJHB4GSD43FZBAI7C2HLRJGPQ", "algo": "SHA1", "digits": 6, "period": 30],
        "groups": [],
      ]
    }
    let vault: JSONValue = ["version": 1, "db": ["version": 3, "entries": .array(entries)]]
    #expect(try JSONParser.parse(vault.serialized()) == vault)
    #expect(try JSONParser.parse(vault.serialized(pretty: true)) == vault)
  }
}
