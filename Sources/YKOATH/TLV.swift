/// One BER-TLV of the YKOATH applet: a one-byte tag, a length (one byte below 0x80, else `81 xx`
/// or `82 xx xx`) and the value (YKOATH specification, "Data encoding").
public struct TLV: Equatable, Sendable {
  /// The tag, one byte.
  public var tag: UInt8
  /// The value.
  public var value: [UInt8]

  /// Holds `tag` and `value`.
  public init(_ tag: UInt8, _ value: [UInt8] = []) {
    self.tag = tag
    self.value = value
  }

  /// Why bytes are not a list of TLVs.
  public enum Error: Swift.Error, Equatable, Sendable {
    /// The bytes end inside a TLV's header or value.
    case truncated
    /// A length form this applet never uses (more than two length bytes).
    case unsupportedLength
  }

  /// Tag, length and value as bytes.
  public var bytes: [UInt8] {
    var out: [UInt8] = [tag]
    let count = value.count
    if count < 0x80 {
      out.append(UInt8(count))
    } else if count <= 0xFF {
      out += [0x81, UInt8(count)]
    } else {
      out += [0x82, UInt8(count >> 8), UInt8(count & 0xFF)]
    }
    return out + value
  }

  /// The TLVs `bytes` holds, in order.
  public static func parse(_ bytes: [UInt8]) throws(Error) -> [TLV] {
    var list: [TLV] = []
    var index = 0
    while index < bytes.count {
      guard index + 1 < bytes.count else { throw .truncated }
      let tag = bytes[index]
      var length = Int(bytes[index + 1])
      index += 2
      if length > 0x80 {
        let lengthBytes = length - 0x80
        guard lengthBytes <= 2 else { throw .unsupportedLength }
        guard index + lengthBytes <= bytes.count else { throw .truncated }
        length = bytes[index..<index + lengthBytes].reduce(0) { $0 << 8 | Int($1) }
        index += lengthBytes
      } else if length == 0x80 {
        throw .unsupportedLength
      }
      guard index + length <= bytes.count else { throw .truncated }
      list.append(TLV(tag, Array(bytes[index..<index + length])))
      index += length
    }
    return list
  }
}

extension [TLV] {
  /// The bytes of every TLV, one after another.
  public var bytes: [UInt8] { flatMap(\.bytes) }

  /// The value of the first TLV tagged `tag`, or nil.
  public func value(_ tag: UInt8) -> [UInt8]? { first { $0.tag == tag }?.value }
}
