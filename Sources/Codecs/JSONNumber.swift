/// A JSON number (RFC 8259 §6) kept as its literal text.
///
/// Keeping the text makes a load→save round trip byte-faithful for fields Twofold does not
/// interpret, and lets 64-bit counters up to 2^63 − 1 be read exactly, never through
/// `Double`. Two numbers are equal when their texts are equal: `1.0` ≠ `1`, `-0` ≠ `0`.
public struct JSONNumber: Equatable, Sendable {
  /// The number's literal text, exactly as written in the source or produced by an initializer.
  public let text: String

  /// Wraps text the caller has already checked against the number grammar.
  init(validatedText: String) {
    self.text = validatedText
  }

  /// Creates the number written in decimal as `value`.
  public init(_ value: Int64) {
    self.text = String(value)
  }

  /// Creates the number written in decimal as `value`.
  public init(_ value: UInt64) {
    self.text = String(value)
  }

  /// Creates a number from `literal` if it follows the RFC 8259 §6 grammar exactly
  /// (`-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`, no whitespace); `nil` otherwise.
  public init?(literal: String) {
    var literal = literal
    let isValid = literal.withUTF8 { bytes in
      guard let end = try? Self.scanLiteral(in: bytes, from: 0) else { return false }
      return end == bytes.count
    }
    guard isValid else { return nil }
    self.text = literal
  }

  /// The value as an `Int64` when it is exactly an integer in range; `nil` otherwise.
  ///
  /// Any spelling of an integral value is accepted (`5`, `5.0`, `5e0`, `50e-1`, `-0` → 0)
  /// because the decimal value is checked exactly, without rounding; `5.5`, `1e-400` and
  /// `9223372036854775808` give `nil`.
  public var int64Value: Int64? {
    guard let (negative, magnitude) = exactIntegerMagnitude() else { return nil }
    if negative {
      guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
      return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
    }
    guard magnitude <= UInt64(Int64.max) else { return nil }
    return Int64(magnitude)
  }

  /// The value as a `UInt64` when it is exactly a non-negative integer in range (as
  /// `int64Value`: `7.0` → 7, `-0` → 0); `nil` otherwise.
  public var uint64Value: UInt64? {
    guard let (negative, magnitude) = exactIntegerMagnitude() else { return nil }
    guard !negative || magnitude == 0 else { return nil }
    return magnitude
  }

  /// The nearest `Double`; `nil` when the magnitude is too large to be finite (`1e400`).
  ///
  /// Values too small to represent round to zero (`1e-400` → 0). The text is unchanged
  /// either way, so such numbers still round-trip exactly.
  public var doubleValue: Double? {
    guard let value = Double(text), value.isFinite else { return nil }
    return value
  }
}

extension JSONNumber: CustomStringConvertible {
  /// The literal text.
  public var description: String { text }
}

extension JSONNumber: ExpressibleByIntegerLiteral {
  /// Creates the number written in decimal as the literal.
  public init(integerLiteral value: Int64) {
    self.init(value)
  }
}
