/// Base64 (RFC 4648 §4, standard alphabet), with a decoder for the URL-safe alphabet (§5).
///
/// Encoding is strict: padded, no line breaks. Decoding is as forgiving as real exports
/// need: padding is optional, ASCII whitespace (some exporters wrap lines) is ignored, and
/// non-zero bits left over in the last symbol are ignored. Anything else is an error.
public enum Base64 {
  /// Why text is not Base64; never holds the text itself, which may be secret.
  public enum Error: Swift.Error, Equatable, Sendable {
    /// A byte outside the alphabet, whitespace and `=`, at this zero-based UTF-8 offset.
    case invalidCharacter(offset: Int)
    /// The number of symbols leaves a single one over, which cannot encode a byte.
    case invalidLength
    /// `=` padding in the wrong place or amount, or symbols after it.
    case invalidPadding
  }

  private static let standardAlphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
  private static let urlSafeAlphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  private static let whitespace: Int8 = -2
  private static let padding: Int8 = -3

  /// Maps each byte to its 6-bit value, or `whitespace`, `padding` or -1 (invalid).
  private static func decodeTable(for alphabet: [UInt8]) -> [Int8] {
    var table = [Int8](repeating: -1, count: 256)
    for (value, byte) in alphabet.enumerated() { table[Int(byte)] = Int8(value) }
    for byte in " \t\n\r\u{0B}\u{0C}".utf8 { table[Int(byte)] = whitespace }
    table[Int(UInt8(ascii: "="))] = padding
    return table
  }

  private static let standardTable = decodeTable(for: standardAlphabet)
  private static let urlSafeTable = decodeTable(for: urlSafeAlphabet)

  /// Encodes `bytes` with the standard alphabet, padded with `=`, on one line.
  public static func encode(_ bytes: some Collection<UInt8>) -> String {
    let encoded = bytes.withContiguousStorageIfAvailable(encode(buffer:))
    return encoded ?? Array(bytes).withUnsafeBufferPointer(encode(buffer:))
  }

  private static func encode(buffer: UnsafeBufferPointer<UInt8>) -> String {
    let length = (buffer.count + 2) / 3 * 4
    guard length > 0 else { return "" }
    return String(unsafeUninitializedCapacity: length) { output in
      let alphabet = standardAlphabet
      var written = 0
      var index = 0
      while index < buffer.count {
        let remaining = buffer.count - index
        let chunk =
          UInt32(buffer[index]) << 16
          | (remaining > 1 ? UInt32(buffer[index + 1]) << 8 : 0)
          | (remaining > 2 ? UInt32(buffer[index + 2]) : 0)
        output[written] = alphabet[Int(chunk >> 18 & 63)]
        output[written + 1] = alphabet[Int(chunk >> 12 & 63)]
        output[written + 2] = remaining > 1 ? alphabet[Int(chunk >> 6 & 63)] : UInt8(ascii: "=")
        output[written + 3] = remaining > 2 ? alphabet[Int(chunk & 63)] : UInt8(ascii: "=")
        written += 4
        index += 3
      }
      return written
    }
  }

  /// Decodes standard-alphabet Base64, padded or not, ignoring ASCII whitespace.
  public static func decode(_ text: String) throws(Base64.Error) -> [UInt8] {
    try decode(text, table: standardTable)
  }

  /// Decodes URL-safe Base64 (RFC 4648 §5: `-` and `_` for `+` and `/`), padded or not,
  /// ignoring ASCII whitespace.
  public static func decodeURLSafe(_ text: String) throws(Base64.Error) -> [UInt8] {
    try decode(text, table: urlSafeTable)
  }

  private static func decode(_ text: String, table: [Int8]) throws(Base64.Error) -> [UInt8] {
    var text = text
    return try text.withUTF8 { decode(buffer: $0, table: table) }.get()
  }

  private static func decode(buffer: UnsafeBufferPointer<UInt8>, table: [Int8]) -> Result<[UInt8], Error> {
    var failure: Error?
    let output = table.withUnsafeBufferPointer { table in
      [UInt8](unsafeUninitializedCapacity: buffer.count / 4 * 3 + 3) { output, written in
        failure = decode(buffer, table: table, into: output, written: &written)
      }
    }
    if let failure { return .failure(failure) }
    return .success(output)
  }

  /// Decodes `buffer` into `output` (room for three bytes per four symbols, and three more),
  /// counting the bytes in `written`; the error, or nil.
  private static func decode(
    _ buffer: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<Int8>,
    into output: UnsafeMutableBufferPointer<UInt8>, written: inout Int
  ) -> Error? {
    func put(_ byte: UInt32) {
      output[written] = UInt8(truncatingIfNeeded: byte)
      written += 1
    }
    var chunk: UInt32 = 0
    var symbols = 0
    var paddingCount = 0
    var offset = 0
    while offset < buffer.count {
      // Most of a long text: four alphabet symbols in a row at a whole quantum, decoded at once.
      if symbols & 3 == 0, paddingCount == 0, offset + 4 <= buffer.count {
        let first = table[Int(buffer[offset])]
        let second = table[Int(buffer[offset + 1])]
        let third = table[Int(buffer[offset + 2])]
        let fourth = table[Int(buffer[offset + 3])]
        if first | second | third | fourth >= 0 {
          let quantum =
            UInt32(first) << 18 | UInt32(second) << 12 | UInt32(third) << 6 | UInt32(fourth)
          put(quantum >> 16)
          put(quantum >> 8)
          put(quantum)
          symbols += 4
          offset += 4
          continue
        }
      }
      let value = table[Int(buffer[offset])]
      if value >= 0 {
        guard paddingCount == 0 else { return .invalidPadding }
        chunk = chunk << 6 | UInt32(value)
        symbols += 1
        if symbols & 3 == 0 {
          put(chunk >> 16)
          put(chunk >> 8)
          put(chunk)
          chunk = 0
        }
      } else if value == padding {
        paddingCount += 1
      } else if value != whitespace {
        return .invalidCharacter(offset: offset)
      }
      offset += 1
    }
    switch symbols & 3 {
    case 0:
      guard paddingCount == 0 else { return .invalidPadding }
    case 1:
      return .invalidLength
    case 2:
      guard paddingCount == 0 || paddingCount == 2 else { return .invalidPadding }
      put(chunk >> 4)
    default:
      guard paddingCount <= 1 else { return .invalidPadding }
      put(chunk >> 10)
      put(chunk >> 2)
    }
    return nil
  }
}

extension Base64.Error: CustomStringConvertible {
  /// A one-line explanation with at most a position, never the text.
  public var description: String {
    switch self {
    case .invalidCharacter(let offset): "not Base64: unexpected character at byte \(offset)"
    case .invalidLength: "not Base64: impossible length"
    case .invalidPadding: "not Base64: misplaced '=' padding"
    }
  }
}
