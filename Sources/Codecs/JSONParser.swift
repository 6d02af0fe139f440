/// A strict RFC 8259 JSON parser that reads UTF-8 bytes straight from a buffer.
///
/// Rejects everything the RFC does not allow: invalid UTF-8 (RFC 3629), raw control
/// characters in strings, unpaired surrogates in `\u` escapes, numbers outside the §6
/// grammar, trailing commas and anything but whitespace after the value. A leading UTF-8
/// byte order mark is skipped. Nesting is limited to `maximumDepth`, so hostile input cannot
/// exhaust the stack. Duplicate member names keep the first member (see `JSONObject`).
/// Errors carry only a kind and a byte offset, never input content.
public enum JSONParser {
  /// The deepest nesting of arrays and objects accepted; one level deeper is `.tooDeep`.
  public static let maximumDepth = 256

  /// Parses one JSON document from its UTF-8 bytes.
  public static func parse(_ bytes: some Collection<UInt8>) throws(JSONError) -> JSONValue {
    let result = bytes.withContiguousStorageIfAvailable(parse(buffer:))
    return try (result ?? Array(bytes).withUnsafeBufferPointer(parse(buffer:))).get()
  }

  private static func parse(buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONError> {
    var reader = JSONReader(bytes: buffer)
    return Result { () throws(JSONError) in try reader.readDocument() }
  }
}
