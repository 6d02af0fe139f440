/// The browsers' native messaging framing (Chromium's "Native messaging" and MDN's
/// "Native messaging" pages): each message is a 32-bit length in the machine's own byte order,
/// then that many bytes of UTF-8 JSON, on standard input and standard output alike.
public enum NativeMessaging {
  /// The longest message the host reads; a longer one is skipped and answered with an error.
  public static let messageLimit = 64 << 10

  /// `message` with its length in front.
  public static func frame(_ message: [UInt8]) -> [UInt8] {
    var length = UInt32(truncatingIfNeeded: message.count)
    var framed = withUnsafeBytes(of: &length) { Array($0) }
    framed += message
    return framed
  }

  /// The length a 4-byte header gives, read in the machine's byte order.
  static func length(of header: [UInt8]) -> Int {
    Int(header.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
  }
}

/// What one read of the framed input gave.
public enum IncomingMessage: Equatable, Sendable {
  /// A whole message of at most `NativeMessaging.messageLimit` bytes.
  case message([UInt8])
  /// A message of this many bytes, over the limit: its bytes were read and dropped.
  case oversized(Int)
  /// The input ended between messages: the browser closed it.
  case end
  /// The input ended inside a message (its header or its bytes).
  case truncated
}

/// Reads framed messages from a byte source (standard input, or bytes in a test).
public struct NativeMessageReader {
  private let read: (Int) -> [UInt8]

  /// A reader over `read`, which returns at most the given number of bytes, and none at the end.
  public init(read: @escaping (Int) -> [UInt8]) { self.read = read }

  /// A reader over the bytes of `input` (tests, and a whole file).
  public init(bytes input: [UInt8]) {
    var offset = 0
    self.init { count in
      let end = min(input.count, offset + count)
      defer { offset = end }
      return Array(input[offset..<end])
    }
  }

  /// The next message.
  public func next() -> IncomingMessage {
    let header = exactly(4)
    if header.isEmpty { return .end }
    guard header.count == 4 else { return .truncated }
    let length = NativeMessaging.length(of: header)
    guard length <= NativeMessaging.messageLimit else {
      var left = length
      while left > 0 {
        let skipped = read(min(left, NativeMessaging.messageLimit)).count
        if skipped == 0 { return .truncated }
        left -= skipped
      }
      return .oversized(length)
    }
    let message = exactly(length)
    return message.count == length ? .message(message) : .truncated
  }

  /// `count` bytes, or fewer when the input ends first.
  private func exactly(_ count: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count)
    while bytes.count < count {
      let chunk = read(count - bytes.count)
      if chunk.isEmpty { break }
      bytes += chunk
    }
    return bytes
  }
}
