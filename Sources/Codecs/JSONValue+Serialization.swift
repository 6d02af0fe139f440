extension JSONValue {
  /// This value as UTF-8 JSON text: compact, or indented by four spaces like Android's
  /// `JSONObject.toString(4)` when `pretty` (see `JSONSerializer` for the exact form).
  public func serialized(pretty: Bool = false) -> [UInt8] {
    var serializer = JSONSerializer(pretty: pretty, capacity: topLevelSize)
    serializer.write(self)
    return serializer.output.bytes()
  }

  /// A first guess at the text's size from the strings at the top level: an encrypted vault
  /// file is one long Base64 string in a small object, which is then written without the
  /// output growing (and being copied) twelve times on the way to a few megabytes.
  private var topLevelSize: Int {
    switch self {
    case .object(let object): 4096 + object.members.reduce(0) { $0 + $1.value.stringSize }
    case .array(let elements): 4096 + elements.reduce(0) { $0 + $1.stringSize }
    default: 4096 + stringSize
    }
  }

  /// The length of a string's text with its quotes; zero for any other value.
  private var stringSize: Int {
    guard case .string(let string) = self else { return 0 }
    return string.utf8.count + 2
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
