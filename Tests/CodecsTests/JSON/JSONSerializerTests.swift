import Codecs
import Testing

@Suite("JSONValue serializes to compact or Android-style pretty text")
struct JSONSerializerTests {
  static let sample: JSONValue = [
    "version": 1,
    "header": ["slots": .null, "params": .null],
    "db": ["entries": [["name": "a/b", "favorite": true]], "groups": [], "extra": [:]],
  ]

  @Test("compact output has no whitespace")
  func compact() {
    #expect(
      Self.sample.serializedString()
        == #"{"version":1,"header":{"slots":null,"params":null},"#
        + #""db":{"entries":[{"name":"a/b","favorite":true}],"groups":[],"extra":{}}}"#)
  }

  @Test("pretty output indents by four spaces like JSONObject.toString(4)")
  func pretty() {
    let expected = """
      {
          "version": 1,
          "header": {
              "slots": null,
              "params": null
          },
          "db": {
              "entries": [
                  {
                      "name": "a/b",
                      "favorite": true
                  }
              ],
              "groups": [],
              "extra": {}
          }
      }
      """
    #expect(Self.sample.serializedString(pretty: true) == expected)
    #expect(Self.sample.serialized(pretty: true) == Array(expected.utf8))
  }

  @Test(
    "strings escape quotes, backslashes and control characters only",
    arguments: [
      ("plain", #""plain""#),
      ("a\"b", #""a\"b""#),
      ("back\\slash", #""back\\slash""#),
      ("a/b", #""a/b""#),
      ("\u{08}\u{0C}\n\r\t", #""\b\f\n\r\t""#),
      ("\u{0}\u{1}\u{1F}", #""\u0000\u0001\u001f""#),
      ("\u{7F}", "\"\u{7F}\""),
      ("Zürich 東京 🔑", "\"Zürich 東京 🔑\""),
      ("longer than eight \"bytes\"\n", #""longer than eight \"bytes\"\n""#),
    ])
  func escapes(string: String, expected: String) {
    #expect(JSONValue.string(string).serializedString() == expected)
  }

  @Test("non-ASCII text is written as raw UTF-8")
  func rawUTF8() {
    #expect(JSONValue.string("é").serialized() == [0x22, 0xC3, 0xA9, 0x22])
  }

  @Test("an escaped slash from Android is written back unescaped")
  func escapedSlashWrittenPlain() throws {
    let value = try JSONParser.parse(Array(#"{"icon_mime":"image\/png"}"#.utf8))
    #expect(value["icon_mime"]?.stringValue == "image/png")
    #expect(value.serializedString() == #"{"icon_mime":"image/png"}"#)
  }

  static let roundTripValues: [JSONValue] = [
    .null, true, false, 0, -1, .number(JSONNumber(literal: "1.50")!), .number(JSONNumber(literal: "-0")!),
    .number(JSONNumber(literal: "1e400")!), .number(JSONNumber(UInt64.max)), "", "Zürich", "東京", "🔑😀",
    "\u{0}\u{1F}\"\\/\n", "e\u{301}", [], [:], [1, [2, [3, ["deep": [[:]]]]]],
    ["Zürich": "東京", "emoji 🔑": ["a", "b"], "counter": .number(JSONNumber(Int64.max))],
    .string(String(repeating: "long ASCII run without escapes ", count: 40)),
  ]

  @Test("parsing the serialized text gives the value back", arguments: roundTripValues)
  func roundTrip(value: JSONValue) throws {
    #expect(try JSONParser.parse(value.serialized()) == value)
    #expect(try JSONParser.parse(value.serialized(pretty: true)) == value)
  }

  @Test("serializing a parsed compact document reproduces it byte for byte")
  func byteFaithful() throws {
    let text = #"{"b":1.50,"a":[-0,1e400,"x\"y",{"k":null}],"unknown":{"z":true,"y":2E-3}}"#
    #expect(try JSONParser.parse(Array(text.utf8)).serializedString() == text)
  }
}
