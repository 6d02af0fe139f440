/// Writes JSON text (RFC 8259) as UTF-8 bytes, compact or pretty.
///
/// Strings escape only `"`, `\` and control characters (`\b \f \n \r \t`, the rest as
/// `\u00xx`); `/` and non-ASCII characters are written as they are, the latter as raw UTF-8.
/// Numbers are written as their literal text and objects keep their member order. Pretty
/// output indents by four spaces and writes `"key": value`, like Android's
/// `JSONObject.toString(4)`, without a trailing newline. Nesting is written recursively.
struct JSONSerializer: ~Copyable {
  /// Whether to write one member or element per line, indented by four spaces per level.
  let pretty: Bool
  /// The bytes written so far.
  var output: ByteBuffer

  /// Creates a serializer with empty output, room for `capacity` bytes before it grows.
  init(pretty: Bool, capacity: Int = 4096) {
    self.pretty = pretty
    output = ByteBuffer(capacity: capacity)
  }

  /// Appends `value` at nesting `level` (0 for a whole document).
  mutating func write(_ value: JSONValue, level: Int = 0) {
    switch value {
    case .null: output.append("null")
    case .bool(let flag): output.append(flag ? "true" : "false")
    case .number(let number): write(utf8Of: number.text)
    case .string(let string): write(string)
    case .array(let elements): write(elements, level: level)
    case .object(let object): write(object, level: level)
    }
  }

  private mutating func write(_ elements: [JSONValue], level: Int) {
    writeArray(count: elements.count, level: level) { elements[$0] }
  }

  /// Appends an array of `count` elements, each made by `element` only when it is written.
  mutating func writeArray(count: Int, level: Int, element: (Int) -> JSONValue) {
    output.append(UInt8(ascii: "["))
    for index in 0..<count {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      newline(level: level + 1)
      write(element(index), level: level + 1)
    }
    if count > 0 { newline(level: level) }
    output.append(UInt8(ascii: "]"))
  }

  private mutating func write(_ object: JSONObject, level: Int) {
    write(object, level: level, streaming: nil, count: 0) { _ in .null }
  }

  /// Appends `object`; the member named `streaming` is written as an array of `count`
  /// elements made one at a time by `element`, whatever value the object holds for it.
  mutating func write(
    _ object: JSONObject, level: Int, streaming: String?, count: Int, element: (Int) -> JSONValue
  ) {
    output.append(UInt8(ascii: "{"))
    for index in object.members.indices {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      newline(level: level + 1)
      let member = object.members[index]
      write(member.key)
      if pretty { output.append(": ") } else { output.append(UInt8(ascii: ":")) }
      if member.key == streaming {
        writeArray(count: count, level: level + 1, element: element)
      } else {
        write(member.value, level: level + 1)
      }
    }
    if !object.members.isEmpty { newline(level: level) }
    output.append(UInt8(ascii: "}"))
  }

  private mutating func newline(level: Int) {
    guard pretty else { return }
    output.append(UInt8(ascii: "\n"))
    output.append(UInt8(ascii: " "), times: 4 * level)
  }

  private mutating func write(utf8Of text: String) {
    let written: Void? = text.utf8.withContiguousStorageIfAvailable { output.append($0) }
    if written == nil { Array(text.utf8).withUnsafeBufferPointer { output.append($0) } }
  }

  private mutating func write(_ string: String) {
    output.append(UInt8(ascii: "\""))
    let written: Void? = string.utf8.withContiguousStorageIfAvailable { appendEscaped($0) }
    if written == nil { Array(string.utf8).withUnsafeBufferPointer { appendEscaped($0) } }
    output.append(UInt8(ascii: "\""))
  }

  /// Appends `bytes` with RFC 8259 §7 escapes, copying unescaped runs in one piece.
  private mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
    var runStart = 0
    var index = 0
    while index < bytes.count {
      if index + 8 <= bytes.count, !Self.needsEscape(ByteWord.load(bytes, at: index)) {
        index += 8
        continue
      }
      let byte = bytes[index]
      index += 1
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
      output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index - 1]))
      runStart = index
      switch byte {
      case UInt8(ascii: "\""): output.append("\\\"")
      case UInt8(ascii: "\\"): output.append("\\\\")
      case 0x08: output.append("\\b")
      case 0x0C: output.append("\\f")
      case 0x0A: output.append("\\n")
      case 0x0D: output.append("\\r")
      case 0x09: output.append("\\t")
      default:
        output.append("\\u00")
        output.append(Self.hexDigit(byte >> 4))
        output.append(Self.hexDigit(byte & 0x0F))
      }
    }
    output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
  }

  /// Whether any of the eight bytes in `word` is `"`, `\` or a control character (bytes of
  /// 0x80 and above may report a false positive, which only costs the byte-wise check).
  @inline(__always)
  private static func needsEscape(_ word: UInt64) -> Bool {
    ByteWord.quotesBackslashesAndControls(word) != 0
  }

  private static func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
  }
}
