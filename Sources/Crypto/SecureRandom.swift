import COpenSSL

/// A source of random bytes: a port, so tests can pass fixed bytes.
public struct RandomSource: Sendable {
  /// Returns `count` random bytes.
  public var bytes: @Sendable (_ count: Int) -> [UInt8]

  /// Wraps a closure that produces random bytes.
  public init(bytes: @escaping @Sendable (_ count: Int) -> [UInt8]) {
    self.bytes = bytes
  }

  /// `count` random bytes as key material; the array they came in is wiped.
  public func secretBytes(_ count: Int) -> SecretBytes {
    var output = bytes(count)
    return SecretBytes(wiping: &output)
  }

  /// OpenSSL's cryptographically secure generator (`RAND_bytes`).
  public static let secure = RandomSource { count in
    var output = [UInt8](repeating: 0, count: count)
    guard count > 0 else { return output }
    let ok = output.withUnsafeMutableBufferPointer { RAND_bytes($0.baseAddress, Int32(count)) }
    precondition(ok == 1, "RAND_bytes failed: no secure randomness available")
    return output
  }
}
