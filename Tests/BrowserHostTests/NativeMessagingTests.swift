import BrowserHost
import Testing

@Suite("Native messaging framing")
struct NativeMessagingTests {
  @Test("a frame is the length in the machine's byte order, then the bytes")
  func frameLayout() {
    var length = UInt32(3)
    let header = withUnsafeBytes(of: &length) { Array($0) }
    #expect(NativeMessaging.frame(Array("{} ".utf8)) == header + Array("{} ".utf8))
  }

  @Test("messages are read one after the other, then the end")
  func readsInOrder() {
    let input =
      NativeMessaging.frame(Array("one".utf8)) + NativeMessaging.frame([])
      + NativeMessaging.frame(
        Array("three".utf8))
    let reader = NativeMessageReader(bytes: input)
    #expect(reader.next() == .message(Array("one".utf8)))
    #expect(reader.next() == .message([]))
    #expect(reader.next() == .message(Array("three".utf8)))
    #expect(reader.next() == .end)
    #expect(reader.next() == .end)
  }

  @Test("a source that gives one byte at a time gives the same messages")
  func readsByteByByte() {
    let input = NativeMessaging.frame(Array("{\"a\":1}".utf8)) + NativeMessaging.frame(Array("x".utf8))
    var offset = 0
    let reader = NativeMessageReader { _ in
      guard offset < input.count else { return [] }
      defer { offset += 1 }
      return [input[offset]]
    }
    #expect(reader.next() == .message(Array("{\"a\":1}".utf8)))
    #expect(reader.next() == .message(Array("x".utf8)))
    #expect(reader.next() == .end)
  }

  @Test("a message over 64 KiB is skipped whole and the next one is read")
  func oversizedIsSkipped() {
    let big = [UInt8](repeating: UInt8(ascii: "a"), count: NativeMessaging.messageLimit + 1)
    let input = NativeMessaging.frame(big) + NativeMessaging.frame(Array("next".utf8))
    let reader = NativeMessageReader(bytes: input)
    #expect(reader.next() == .oversized(NativeMessaging.messageLimit + 1))
    #expect(reader.next() == .message(Array("next".utf8)))
    #expect(reader.next() == .end)
  }

  @Test("a message of exactly 64 KiB is read")
  func limitIsInclusive() {
    let largest = [UInt8](repeating: UInt8(ascii: "b"), count: NativeMessaging.messageLimit)
    #expect(NativeMessageReader(bytes: NativeMessaging.frame(largest)).next() == .message(largest))
  }

  @Test(
    "input that ends inside a header or a message is truncated",
    arguments: [
      [1, 0],
      Array(NativeMessaging.frame(Array("hello".utf8)).dropLast()),
      Array(
        NativeMessaging.frame([UInt8](repeating: 0, count: NativeMessaging.messageLimit + 10)).prefix(100)),
    ] as [[UInt8]])
  func truncated(input: [UInt8]) {
    #expect(NativeMessageReader(bytes: input).next() == .truncated)
  }
}
