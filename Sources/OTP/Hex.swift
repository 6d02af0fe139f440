/// Hexadecimal text: read in any case, written lowercase.
public enum Hex {
  /// Decodes pairs of hex digits; an odd length or another character is an error.
  public static func decode(_ text: String) throws(OTPError) -> [UInt8] {
    let digits = Array(text.utf8)
    guard digits.count % 2 == 0 else { throw .invalidSecret("hex text has an odd number of digits") }
    var output: [UInt8] = []
    output.reserveCapacity(digits.count / 2)
    var index = 0
    while index < digits.count {
      guard let high = value(digits[index]), let low = value(digits[index + 1]) else {
        throw .invalidSecret("not a hex digit")
      }
      output.append(high << 4 | low)
      index += 2
    }
    return output
  }

  /// Encodes `bytes` as lowercase hex.
  public static func encode(_ bytes: some Collection<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      output.append(digits[Int(byte >> 4)])
      output.append(digits[Int(byte & 15)])
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static func value(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
