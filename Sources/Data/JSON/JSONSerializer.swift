/// Writes JSON text (RFC 8259) as UTF-8 bytes, compact or pretty.
///
/// Strings escape only `"`, `\` and control characters (`\b \f \n \r \t`, the rest as
/// `\u00xx`); `/` and non-ASCII characters are written as they are, the latter as raw UTF-8.
/// Numbers are written as their literal text and objects keep their member order. Pretty
/// output indents by four spaces and writes `"key": value`, like Android's
/// `JSONObject.toString(4)`, without a trailing newline.
public struct JSONSerializer {
  /// Whether to write one member or element per line, indented by four spaces per level.
  public let pretty: Bool
  /// The bytes written so far.
  public private(set) var output: [UInt8] = []

  /// Creates a serializer with empty output.
  public init(pretty: Bool = false) {
    self.pretty = pretty
    output.reserveCapacity(1024)
  }

  /// Appends `value` to `output`.
  public mutating func write(_ value: JSONValue) {
    write(value, level: 0)
  }

  private mutating func write(_ value: JSONValue, level: Int) {
    switch value {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .number(let number): output.append(contentsOf: number.text.utf8)
    case .string(let string): write(string)
    case .array(let elements): write(elements, level: level)
    case .object(let object): write(object, level: level)
    }
  }

  private mutating func write(_ elements: [JSONValue], level: Int) {
    output.append(UInt8(ascii: "["))
    for (position, element) in elements.enumerated() {
      if position > 0 { output.append(UInt8(ascii: ",")) }
      newline(level: level + 1)
      write(element, level: level + 1)
    }
    if !elements.isEmpty { newline(level: level) }
    output.append(UInt8(ascii: "]"))
  }

  private mutating func write(_ object: JSONObject, level: Int) {
    output.append(UInt8(ascii: "{"))
    for (position, member) in object.members.enumerated() {
      if position > 0 { output.append(UInt8(ascii: ",")) }
      newline(level: level + 1)
      write(member.key)
      output.append(UInt8(ascii: ":"))
      if pretty { output.append(UInt8(ascii: " ")) }
      write(member.value, level: level + 1)
    }
    if !object.members.isEmpty { newline(level: level) }
    output.append(UInt8(ascii: "}"))
  }

  private mutating func newline(level: Int) {
    guard pretty else { return }
    output.append(UInt8(ascii: "\n"))
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 4 * level))
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
    for index in 0..<bytes.count {
      let byte = bytes[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
      if runStart < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
      output.append(UInt8(ascii: "\\"))
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
      case 0x08: output.append(UInt8(ascii: "b"))
      case 0x0C: output.append(UInt8(ascii: "f"))
      case 0x0A: output.append(UInt8(ascii: "n"))
      case 0x0D: output.append(UInt8(ascii: "r"))
      case 0x09: output.append(UInt8(ascii: "t"))
      default:
        output.append(contentsOf: "u00".utf8)
        output.append(Self.hexDigits[Int(byte >> 4)])
        output.append(Self.hexDigits[Int(byte & 0x0F)])
      }
      runStart = index + 1
    }
    if runStart < bytes.count {
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}
