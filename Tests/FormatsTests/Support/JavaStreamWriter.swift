/// Writes Java Object Serialization streams of one `HashMap<String, String>` the way
/// `ObjectOutputStream` does, so tests can build FreeOTP 2 backups of any content.
struct JavaStreamWriter {
  private(set) var bytes: [UInt8] = [0xAC, 0xED, 0x00, 0x05]
  private var handles: [String: UInt32] = [:]
  private var nextHandle: UInt32 = 0x7E_0000

  /// A stream holding `pairs` as a map of class `className`; repeated strings become references
  /// when `references` is set, every string is a long string when `longStrings` is set, and the
  /// size block is split in two when `splitBlock` is set.
  static func map(
    _ pairs: [(String, String)], className: String = "java.util.HashMap", references: Bool = true,
    longStrings: Bool = false, splitBlock: Bool = false, declaredSize: Int? = nil
  ) -> [UInt8] {
    var writer = JavaStreamWriter()
    writer.bytes += [0x73, 0x72]
    writer.utf(className)
    writer.bytes += [0x05, 0x07, 0xDA, 0xC1, 0xC3, 0x16, 0x60, 0xD1, 0x03, 0x00, 0x02]
    writer.bytes.append(UInt8(ascii: "F"))
    writer.utf("loadFactor")
    writer.bytes.append(UInt8(ascii: "I"))
    writer.utf("threshold")
    writer.bytes += [0x78, 0x70]
    writer.nextHandle += 2
    writer.bytes += [0x3F, 0x40, 0x00, 0x00] + int32(12)
    let size = int32(declaredSize ?? pairs.count)
    writer.bytes +=
      splitBlock ? [0x77, 0x04] + int32(16) + [0x77, 0x04] + size : [0x77, 0x08] + int32(16) + size
    for (key, value) in pairs {
      writer.string(key, references: references, long: longStrings)
      writer.string(value, references: references, long: longStrings)
    }
    writer.bytes.append(0x78)
    return writer.bytes
  }

  private mutating func string(_ text: String, references: Bool, long: Bool) {
    if references, let handle = handles[text] {
      bytes.append(0x71)
      bytes += Self.int32(Int(handle))
      return
    }
    let encoded = Self.modifiedUTF8(text)
    if long {
      bytes.append(0x7C)
      bytes += Self.int32(0) + Self.int32(encoded.count)
    } else {
      bytes.append(0x74)
      bytes += [UInt8(encoded.count >> 8), UInt8(encoded.count & 0xFF)]
    }
    bytes += encoded
    handles[text] = nextHandle
    nextHandle += 1
  }

  private mutating func utf(_ text: String) {
    let encoded = Self.modifiedUTF8(text)
    bytes += [UInt8(encoded.count >> 8), UInt8(encoded.count & 0xFF)] + encoded
  }

  static func modifiedUTF8(_ text: String) -> [UInt8] {
    var output: [UInt8] = []
    for unit in text.utf16 {
      switch unit {
      case 0x01...0x7F: output.append(UInt8(unit))
      case 0, 0x80...0x7FF: output += [0xC0 | UInt8(unit >> 6), 0x80 | UInt8(unit & 0x3F)]
      default:
        output += [0xE0 | UInt8(unit >> 12), 0x80 | UInt8((unit >> 6) & 0x3F), 0x80 | UInt8(unit & 0x3F)]
      }
    }
    return output
  }

  static func int32(_ value: Int) -> [UInt8] {
    let value = UInt32(truncatingIfNeeded: value)
    return [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }
}
