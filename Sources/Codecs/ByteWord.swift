/// Eight bytes tested at once, as one 64-bit word (SWAR; the bit tricks after "Bit Twiddling
/// Hacks", S. E. Anderson): the fast paths of `JSONReader`'s and `JSONSerializer`'s string scans.
enum ByteWord {
  /// Every byte's high bit.
  static let highBits: UInt64 = 0x8080_8080_8080_8080

  private static let ones: UInt64 = 0x0101_0101_0101_0101

  /// The eight bytes at `offset` of `bytes` (which must leave eight bytes to read), byte 0 lowest.
  @inline(__always)
  static func load(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
  }

  /// The high bit of every byte of `word` that is `"`, `\` or a control character (below 0x20)
  /// set; a byte of 0x80 and above may have it set too.
  @inline(__always)
  static func quotesBackslashesAndControls(_ word: UInt64) -> UInt64 {
    let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
    let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
    let control = (word &- ones &* 0x20) & ~word
    let hasQuote = (quote &- ones) & ~quote
    let hasBackslash = (backslash &- ones) & ~backslash
    return (control | hasQuote | hasBackslash) & highBits
  }
}
