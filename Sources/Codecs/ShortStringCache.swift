/// Reuses the `String`s of short ASCII strings that a document repeats: member names,
/// `"totp"`, `"SHA1"`, small numbers.
///
/// A string of up to 15 ASCII bytes is identified exactly by its `Fingerprint` (its bytes and
/// length packed into 128 bits), which also lets `JSONReader` compare member names for
/// duplicates with two integer comparisons.
struct ShortStringCache {
  /// The longest string the cache holds, in bytes.
  static let maximumLength = 15

  /// A string of at most 15 ASCII bytes, packed: bytes 0–7 in `low`, bytes 8–14 and the
  /// length in `high`, byte 0 in the least significant bits.
  struct Fingerprint: Equatable {
    var low: UInt64
    var high: UInt64

    /// A value no string has (its length byte is 0xFF).
    static let none = Fingerprint(low: .max, high: .max)

    /// Packs `bytes[range]`; `range.count` must be at most `maximumLength`.
    init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
      let count = range.count
      var low: UInt64 = 0
      var high: UInt64 = 0
      if range.lowerBound + 16 <= bytes.count {
        let raw = UnsafeRawPointer(bytes.baseAddress! + range.lowerBound)
        low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        if count < 8 {
          low &= (1 << (8 * UInt64(count))) &- 1
          high = 0
        } else {
          high &= (1 << (8 * UInt64(count - 8))) &- 1
        }
      } else {
        for (offset, index) in range.enumerated() {
          if offset < 8 {
            low |= UInt64(bytes[index]) << (8 * UInt64(offset))
          } else {
            high |= UInt64(bytes[index]) << (8 * UInt64(offset - 8))
          }
        }
      }
      self.init(low: low, high: high | UInt64(count) << 56)
    }

    private init(low: UInt64, high: UInt64) {
      self.low = low
      self.high = high
    }

    /// A slot number in 0..<256.
    var slot: Int {
      Int(truncatingIfNeeded: (low &* 0x9E37_79B9_7F4A_7C15 ^ high &* 0xC2B2_AE3D_27D4_EB4F) >> 56)
    }
  }

  private struct Entry {
    var fingerprint = Fingerprint.none
    var string = ""
  }

  private var entries: [Entry]

  /// Creates a cache, or a pass-through when `isEnabled` is false (documents too small for
  /// the cache to pay for itself).
  init(isEnabled: Bool) {
    entries = isEnabled ? [Entry](repeating: Entry(), count: 256) : []
  }

  /// The string of `bytes[range]` (ASCII, at most `maximumLength` bytes), reused when the
  /// same bytes were seen recently.
  mutating func string(
    for fingerprint: Fingerprint,
    _ bytes: UnsafeBufferPointer<UInt8>,
    _ range: Range<Int>
  ) -> String {
    let string: String
    if entries.isEmpty {
      string = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    } else {
      let slot = fingerprint.slot
      if entries[slot].fingerprint == fingerprint { return entries[slot].string }
      string = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
      entries[slot] = Entry(fingerprint: fingerprint, string: string)
    }
    return string
  }
}
