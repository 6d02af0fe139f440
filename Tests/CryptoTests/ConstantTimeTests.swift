import Crypto
import Testing

@Suite("ConstantTime")
struct ConstantTimeTests {
  @Test("Equal byte sequences compare equal", arguments: [[], [0], [1, 2, 3], Array(0...255)] as [[UInt8]])
  func equalBytes(bytes: [UInt8]) {
    #expect(ConstantTime.equals(bytes, Array(bytes)))
  }

  @Test("Sequences differing in one byte compare unequal", arguments: [0, 7, 15])
  func oneByteDiffers(index: Int) {
    let left = [UInt8](repeating: 0x5a, count: 16)
    var right = left
    right[index] ^= 0x01
    #expect(!ConstantTime.equals(left, right))
  }

  @Test("Sequences of different lengths compare unequal, even when one is a prefix of the other")
  func differentLengths() {
    #expect(!ConstantTime.equals([1, 2, 3] as [UInt8], [1, 2] as [UInt8]))
    #expect(!ConstantTime.equals([] as [UInt8], [0] as [UInt8]))
  }

  @Test("Any collections of bytes compare by content")
  func mixedCollections() {
    let bytes: [UInt8] = [9, 8, 7, 6]
    #expect(ConstantTime.equals(bytes[1...], [8, 7, 6] as [UInt8]))
    #expect(ConstantTime.equals("abc".utf8, [97, 98, 99] as [UInt8]))
  }
}
