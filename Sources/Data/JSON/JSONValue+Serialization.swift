extension JSONValue {
  /// This value as UTF-8 JSON text: compact, or indented by four spaces when `pretty`
  /// (see `JSONSerializer` for the exact form).
  public func serialized(pretty: Bool = false) -> [UInt8] {
    var serializer = JSONSerializer(pretty: pretty)
    serializer.write(self)
    return serializer.output
  }

  /// This value as JSON text (see `serialized(pretty:)`).
  public func serializedString(pretty: Bool = false) -> String {
    String(decoding: serialized(pretty: pretty), as: UTF8.self)
  }
}
