extension JSONValue: ExpressibleByBooleanLiteral {
  /// `true` or `false`.
  public init(booleanLiteral value: Bool) {
    self = .bool(value)
  }
}

extension JSONValue: ExpressibleByIntegerLiteral {
  /// The integer, written in decimal.
  public init(integerLiteral value: Int64) {
    self = .number(JSONNumber(value))
  }
}

extension JSONValue: ExpressibleByStringLiteral {
  /// The string.
  public init(stringLiteral value: String) {
    self = .string(value)
  }
}

extension JSONValue: ExpressibleByArrayLiteral {
  /// An array of the elements.
  public init(arrayLiteral elements: JSONValue...) {
    self = .array(elements)
  }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
  /// An object with the members in the order written (later duplicates dropped).
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(elements))
  }
}
