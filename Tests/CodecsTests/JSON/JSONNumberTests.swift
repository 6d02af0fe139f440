import Codecs
import Testing

@Suite("JSONNumber keeps the literal and converts exactly")
struct JSONNumberTests {
  @Test(
    "a parsed number keeps its literal text",
    arguments: ["1.50", "-0", "0", "9223372036854775807", "1e400", "-1E-400", "2.5e+3", "100", "0.000"])
  func literalTextKept(literal: String) throws {
    let value = try JSONParser.parse(Array("[\(literal)]".utf8))
    #expect(value.arrayValue?.first?.numberValue?.text == literal)
    #expect(value.serializedString() == "[\(literal)]")
  }

  @Test("2^63 − 1 reads exactly as an Int64")
  func largestCounter() throws {
    let value = try JSONParser.parse(Array(#"{"counter":9223372036854775807}"#.utf8))
    #expect(value["counter"]?.int64Value == Int64.max)
    #expect(value["counter"]?.uint64Value == UInt64(Int64.max))
  }

  static let exactIntegers: [(String, Int64?, UInt64?)] = [
    ("5", 5, 5),
    ("-5", -5, nil),
    ("-0", 0, 0),
    ("5.0", 5, 5),
    ("5e0", 5, 5),
    ("50e-1", 5, 5),
    ("0.5e1", 5, 5),
    ("1.5e1", 15, 15),
    ("1e18", 1_000_000_000_000_000_000, 1_000_000_000_000_000_000),
    ("1e19", nil, 10_000_000_000_000_000_000),
    ("0e999999999999", 0, 0),
    ("5.5", nil, nil),
    ("1e-400", nil, nil),
    ("1e400", nil, nil),
    ("9223372036854775807", Int64.max, UInt64(Int64.max)),
    ("9223372036854775808", nil, 9_223_372_036_854_775_808),
    ("-9223372036854775808", Int64.min, nil),
    ("-9223372036854775809", nil, nil),
    ("18446744073709551615", nil, UInt64.max),
    ("18446744073709551616", nil, nil),
    ("00000000000000000000000000000001e0", nil, nil),  // not grammar-valid: see init(literal:)
  ]

  @Test("integer accessors accept exactly the integral values in range", arguments: exactIntegers)
  func exactIntegerConversion(literal: String, int64: Int64?, uint64: UInt64?) {
    guard let number = JSONNumber(literal: literal) else {
      #expect(int64 == nil && uint64 == nil)
      return
    }
    #expect(number.int64Value == int64)
    #expect(number.uint64Value == uint64)
  }

  @Test("doubleValue is the nearest Double, or nil when out of range")
  func doubleValue() {
    #expect(JSONNumber(literal: "1.5")?.doubleValue == 1.5)
    #expect(JSONNumber(literal: "-2e3")?.doubleValue == -2000)
    #expect(JSONNumber(literal: "1e400")?.doubleValue == nil)
    #expect(JSONNumber(literal: "-1e400")?.doubleValue == nil)
    #expect(JSONNumber(literal: "1e-400")?.doubleValue == 0)
  }

  @Test(
    "init(literal:) accepts only the RFC 8259 number grammar",
    arguments: [
      ("0", true), ("-0", true), ("12.50", true), ("1E+2", true), ("1e-2", true),
      ("", false), ("-", false), ("01", false), ("1.", false), (".1", false), ("+1", false),
      ("1e", false), ("0x10", false), (" 1", false), ("1 ", false), ("NaN", false), ("Infinity", false),
    ])
  func grammar(literal: String, isValid: Bool) {
    #expect((JSONNumber(literal: literal) != nil) == isValid)
  }

  @Test("integers initialize with their decimal text")
  func integerInitializers() {
    #expect(JSONNumber(Int64.min).text == "-9223372036854775808")
    #expect(JSONNumber(UInt64.max).text == "18446744073709551615")
    #expect(JSONNumber(30).text == "30")
  }

  @Test("numbers are equal when their literals are")
  func equalityIsTextual() {
    #expect(JSONNumber(literal: "1.0") != JSONNumber(literal: "1"))
    #expect(JSONNumber(literal: "1.0") == JSONNumber(literal: "1.0"))
  }
}
