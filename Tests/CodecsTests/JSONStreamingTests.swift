import Codecs
import Testing

/// An object whose one array member is written element by element gives the same text as the
/// whole object serialized (a vault's entries are never all held as values at once).
@Suite("JSON written with one member streamed")
struct JSONStreamingTests {
  static let elements: [JSONValue] = [
    .object(JSONObject([("name", .string("a\"b\\c\n")), ("n", .number(JSONNumber(Int64(1))))])),
    .array([.bool(true), .null, .string("é/✓")]),
    .object(JSONObject()),
    .string(""),
  ]

  static let cases: [(String, [JSONValue], Bool)] = [
    ("four elements, compact", elements, false),
    ("four elements, pretty", elements, true),
    ("none, compact", [], false),
    ("none, pretty", [], true),
    ("one, pretty", [elements[0]], true),
  ]

  static func object(_ entries: JSONValue) -> JSONObject {
    JSONObject([
      ("version", .number(JSONNumber(Int64(3)))), ("entries", entries),
      ("groups", .array([.object(JSONObject([("uuid", .string("g"))]))])), ("last", .bool(false)),
    ])
  }

  @Test("the streamed text is the whole object's", arguments: cases.indices)
  func sameText(_ index: Int) {
    let (name, elements, pretty) = Self.cases[index]
    let whole = JSONValue.object(Self.object(.array(elements))).serialized(pretty: pretty)
    var made: [Int] = []
    let streamed = JSONValue.serialized(
      Self.object(.array([])), streaming: "entries", count: elements.count, pretty: pretty
    ) { index in
      made.append(index)
      return elements[index]
    }
    #expect(streamed == whole, "\(name)")
    #expect(made == Array(elements.indices), "each element made once, in order")
  }

  @Test("a key the object does not have streams nothing and changes nothing")
  func absentKey() {
    let object = Self.object(.array([.null]))
    let streamed = JSONValue.serialized(object, streaming: "missing", count: 3) { _ in .string("never") }
    #expect(streamed == JSONValue.object(object).serialized())
  }
}
