import Crypto
import Testing

@Suite("RandomSource")
struct RandomSourceTests {
  @Test("The secure source returns exactly the requested number of bytes", arguments: [0, 1, 12, 32, 1000])
  func requestedCount(count: Int) {
    #expect(RandomSource.secure.bytes(count).count == count)
  }

  @Test("Two draws from the secure source differ")
  func drawsDiffer() {
    let first = RandomSource.secure.bytes(32)
    let second = RandomSource.secure.bytes(32)
    #expect(first != second)
  }

  @Test("The secure source does not return all zeros")
  func notAllZero() {
    #expect(RandomSource.secure.bytes(64).contains { $0 != 0 })
  }

  @Test("A fixed source returns what its closure gives, so tests can pin randomness")
  func fixedSource() {
    let fixed = RandomSource { count in [UInt8](repeating: 0xab, count: count) }
    #expect(fixed.bytes(3) == [0xab, 0xab, 0xab])
  }
}
