/// Percent-encoding of URI components (RFC 3986 §2.1).
public enum PercentEncoding {
  /// Why text could not be decoded.
  public enum Failure: Error {
    /// A `%` not followed by two hex digits.
    case malformed
    /// The decoded bytes are not UTF-8.
    case notUTF8
  }

  /// Decodes `%XX` escapes; in a query, `+` also stands for a space.
  public static func decode(_ text: Substring, plusIsSpace: Bool) throws(Failure) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "%"):
        guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue)
        else { throw .malformed }
        bytes.append(high << 4 | low)
      case UInt8(ascii: "+") where plusIsSpace: bytes.append(UInt8(ascii: " "))
      default: bytes.append(byte)
      }
    }
    guard let string = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
    return string
  }

  /// Encodes every byte except RFC 3986's unreserved characters and `@`.
  public static func encode(_ text: String) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "@"):
        output.append(byte)
      default:
        output += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static func hexValue(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
