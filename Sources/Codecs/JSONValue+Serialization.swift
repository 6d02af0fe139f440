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
}
