/// Why a JSON document could not be parsed, and where (RFC 8259).
///
/// Never holds any content of the input, which may contain secrets: only the kind of
/// problem and the zero-based byte offset at which it was found (a leading BOM counts).
public struct JSONError: Error, Equatable, Sendable {
  /// The kinds of problem a strict RFC 8259 parser reports.
  public enum Kind: Equatable, Sendable {
    /// A byte that cannot start or continue the value expected here.
    case unexpectedCharacter
    /// The input ended inside a value (or was empty).
    case unexpectedEnd
    /// A number that does not follow the RFC 8259 §6 grammar (e.g. `01`, `1.`, `-`).
    case invalidNumber
    /// A backslash followed by something other than a §7 escape.
    case invalidEscape
    /// A `\u` escape without four hex digits, or a surrogate without its pair.
    case invalidUnicodeEscape
    /// A raw control character (U+0000…U+001F) inside a string.
    case controlCharacterInString
    /// Bytes that are not well-formed UTF-8 (RFC 3629).
    case invalidUTF8
    /// Arrays and objects nested deeper than `JSONParser.maximumDepth`.
    case tooDeep
    /// More than whitespace after the top-level value.
    case trailingData
  }

  /// What went wrong.
  public let kind: Kind
  /// The zero-based byte offset in the input where the problem was found.
  public let offset: Int

  /// Creates an error of `kind` at byte `offset`.
  public init(_ kind: Kind, at offset: Int) {
    self.kind = kind
    self.offset = offset
  }

  /// A short, fixed explanation of the kind, without the offset.
  public var message: String {
    switch kind {
    case .unexpectedCharacter: "unexpected character"
    case .unexpectedEnd: "unexpected end of input"
    case .invalidNumber: "invalid number"
    case .invalidEscape: "invalid escape sequence"
    case .invalidUnicodeEscape: "invalid \\u escape or unpaired surrogate"
    case .controlCharacterInString: "control character in string"
    case .invalidUTF8: "invalid UTF-8"
    case .tooDeep: "nesting too deep"
    case .trailingData: "unexpected data after the JSON value"
    }
  }
}

extension JSONError: CustomStringConvertible {
  /// The message and position, e.g. "unexpected character at byte 120"; never input content.
  public var description: String { "\(message) at byte \(offset)" }
}
