extension JSONValue {
  /// Parses one JSON document from its UTF-8 bytes (see `JSONParser`).
  public init(parsing bytes: [UInt8]) throws(JSONError) {
    self = try JSONParser.parse(bytes)
  }
}
