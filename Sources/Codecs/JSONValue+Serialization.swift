extension JSONValue {
  /// This value as UTF-8 JSON text: compact, or indented by four spaces like Android's
  /// `JSONObject.toString(4)` when `pretty` (see `JSONSerializer` for the exact form).
  public func serialized(pretty: Bool = false) -> [UInt8] {
    var serializer = JSONSerializer(pretty: pretty)
    serializer.write(self)
    return serializer.output.bytes()
  }

  /// This value as JSON text (see `serialized(pretty:)`).
  public func serializedString(pretty: Bool = false) -> String {
    var serializer = JSONSerializer(pretty: pretty)
    serializer.write(self)
    return serializer.output.string()
  }

  /// `object` as UTF-8 JSON text (see `serialized(pretty:)`), its member `key` written as an
  /// array of `count` elements each made by `element` only as it is written: the same text as
  /// with that array in the object, without ever holding all its elements as values at once.
  public static func serialized(
    _ object: JSONObject, streaming key: String, count: Int, pretty: Bool = false,
    element: (Int) -> JSONValue
  ) -> [UInt8] {
    var serializer = JSONSerializer(pretty: pretty)
    serializer.write(object, level: 0, streaming: key, count: count, element: element)
    return serializer.output.bytes()
  }
}
