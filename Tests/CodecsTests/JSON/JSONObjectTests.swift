import Codecs
import Testing

@Suite("JSONObject keeps its members in order")
struct JSONObjectTests {
  @Test("parsed members keep the order of the document")
  func parsedOrder() throws {
    let value = try JSONParser.parse(Array(#"{"z":1,"a":2,"m":{"y":0,"b":0},"b":3}"#.utf8))
    #expect(value.objectValue?.keys == ["z", "a", "m", "b"])
    #expect(value["m"]?.objectValue?.keys == ["y", "b"])
    #expect(value.serializedString() == #"{"z":1,"a":2,"m":{"y":0,"b":0},"b":3}"#)
  }

  @Test("setting an existing key replaces the value in place")
  func replaceInPlace() {
    var object: JSONObject = ["a": 1, "b": 2, "c": 3]
    object["b"] = "two"
    #expect(object.keys == ["a", "b", "c"])
    #expect(object["b"] == "two")
  }

  @Test("setting a new key appends it")
  func appendNew() {
    var object: JSONObject = ["a": 1]
    object["z"] = true
    #expect(object.keys == ["a", "z"])
  }

  @Test("setting nil removes the member")
  func removeWithNil() {
    var object: JSONObject = ["a": 1, "b": 2]
    object["a"] = nil
    #expect(object.keys == ["b"])
    #expect(object["a"] == nil)
  }

  @Test("the initializer keeps the first of duplicate keys")
  func initializerDropsDuplicates() {
    let object = JSONObject([("a", 1), ("b", 2), ("a", 3)])
    #expect(object.keys == ["a", "b"])
    #expect(object["a"] == 1)
    let large = JSONObject((0..<40).map { ("k\($0 % 20)", JSONValue.number(JSONNumber(Int64($0)))) })
    #expect(large.count == 20)
    #expect(large["k3"] == 3)
  }

  @Test("objects with the same members in another order are not equal")
  func orderMatters() {
    let first: JSONObject = ["a": 1, "b": 2]
    let second: JSONObject = ["b": 2, "a": 1]
    #expect(first != second)
    #expect(first == ["a": 1, "b": 2])
  }

  @Test("value accessors return nil for other kinds")
  func accessors() {
    let value: JSONValue = ["s": "x", "n": 7, "b": false, "a": [], "o": [:], "z": .null]
    #expect(value["s"]?.stringValue == "x")
    #expect(value["n"]?.int64Value == 7)
    #expect(value["n"]?.uint64Value == 7)
    #expect(value["b"]?.boolValue == false)
    #expect(value["a"]?.arrayValue == [])
    #expect(value["o"]?.objectValue == JSONObject())
    #expect(value["z"]?.isNull == true)
    #expect(value["s"]?.int64Value == nil)
    #expect(value["n"]?.stringValue == nil)
    #expect(value["missing"] == nil)
    #expect(JSONValue.string("x")["s"] == nil)
  }
}
