/// A JSON value (RFC 8259 §3): what `JSONParser` reads and `serialized(pretty:)` writes.
public enum JSONValue: Equatable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, kept as its literal text.
  case number(JSONNumber)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object whose members keep their order.
  case object(JSONObject)
}

extension JSONValue {
  /// Whether this is `null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The boolean, if this is `true` or `false`.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The number, if this is a number.
  public var numberValue: JSONNumber? {
    if case .number(let value) = self { return value }
    return nil
  }

  /// The string, if this is a string.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The elements, if this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The object, if this is an object.
  public var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// The exact integer, if this is a number that is exactly an `Int64` (see `JSONNumber`).
  public var int64Value: Int64? { numberValue?.int64Value }

  /// The exact integer, if this is a number that is exactly a `UInt64` (see `JSONNumber`).
  public var uint64Value: UInt64? { numberValue?.uint64Value }

  /// The nearest finite `Double`, if this is a number (see `JSONNumber.doubleValue`).
  public var doubleValue: Double? { numberValue?.doubleValue }

  /// The value of the first member named `key`, if this is an object that has one.
  public subscript(key: String) -> JSONValue? {
    objectValue?[key]
  }
}
