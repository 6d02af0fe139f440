/// Base32 (RFC 4648 §6), decoded as forgivingly as real QR codes need and encoded strictly.
public enum Base32 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

  private static let decodeTable: [Int8] = {
    var table = [Int8](repeating: -1, count: 256)
    for (index, byte) in alphabet.enumerated() {
      table[Int(byte)] = Int8(index)
      table[Int(byte | 0x20)] = Int8(index)  // lowercase letters; digits map onto themselves
    }
    return table
  }()

  /// Decodes `text`: any case; spaces, tabs, hyphens and `=` padding are ignored; bits
  /// left over after the last whole byte are dropped. Any other character is an error.
  public static func decode(_ text: String) throws(OTPError) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count * 5 / 8)
    var buffer: UInt32 = 0
    var bits = 0
    var sawPadding = false
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "-"): continue
      case UInt8(ascii: "="):
        sawPadding = true
        continue
      default: break
      }
      let value = decodeTable[Int(byte)]
      guard value >= 0 else {
        throw .invalidSecret("it has a character outside Base32 (A-Z, 2-7)")
      }
      guard !sawPadding else { throw .invalidSecret("characters after '=' padding") }
      buffer = (buffer << 5) | UInt32(value)
      bits += 5
      if bits >= 8 {
        bits -= 8
        output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
      }
    }
    return output
  }

  /// Encodes `bytes` as uppercase Base32 without padding.
  public static func encode(_ bytes: some Collection<UInt8>) -> String {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count * 8 + 4) / 5)
    var buffer: UInt32 = 0
    var bits = 0
    for byte in bytes {
      buffer = (buffer << 8) | UInt32(byte)
      bits += 8
      while bits >= 5 {
        bits -= 5
        output.append(alphabet[Int((buffer >> UInt32(bits)) & 31)])
      }
    }
    if bits > 0 {
      output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)])
    }
    return String(decoding: output, as: UTF8.self)
  }
}
