/// Yandex Key secrets: 16 bytes, or 26 bytes ending in a 12-bit checksum that is checked and cut off.
enum YandexSecret {
  static let length = 16
  static let fullLength = 26

  static func normalize(_ secret: [UInt8]) throws(OTPError) -> [UInt8] {
    switch secret.count {
    case length: return secret
    case fullLength:
      guard checksum(of: secret) == storedChecksum(of: secret) else {
        throw .invalidSecret("the Yandex secret's checksum does not match")
      }
      return Array(secret.prefix(length))
    default:
      throw .invalidSecret("a Yandex secret is 16 or 26 bytes, not \(secret.count)")
    }
  }

  private static func storedChecksum(of secret: [UInt8]) -> UInt16 {
    UInt16(secret[secret.count - 2] & 0x0f) << 8 | UInt16(secret[secret.count - 1])
  }

  /// The CRC-like 13-bit remainder Yandex appends (polynomial 0b1_1000_1111_0011) over all
  /// but the last 12 bits.
  private static func checksum(of secret: [UInt8]) -> UInt16 {
    var accumulator: UInt16 = 0
    var accumulatorBits = 0
    var bitsLeft = secret.count * 8 - 12
    var index = 0
    var bitsInByte = 8
    while bitsLeft > 0 {
      var required = min(13 - accumulatorBits, bitsLeft)
      while required > 0 {
        let available = UInt16(secret[index]) & ((1 << UInt16(bitsInByte)) - 1)
        let take = min(required, bitsInByte)
        let chunk = available >> UInt16(bitsInByte - take)
        accumulator = accumulator << UInt16(take) | chunk
        bitsLeft -= take
        required -= take
        bitsInByte -= take
        accumulatorBits += take
        if bitsInByte == 0 {
          index += 1
          bitsInByte = 8
        }
      }
      if accumulatorBits == 13 { accumulator ^= 0b1_1000_1111_0011 }
      accumulatorBits = 16 - accumulator.leadingZeroBitCount
    }
    return accumulator
  }
}
