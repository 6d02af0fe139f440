import COpenSSL

/// Comparisons whose running time does not depend on where the inputs differ.
public enum ConstantTime {
  /// True when `a` and `b` hold the same bytes; time depends only on the length.
  public static func equals(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
    let left = Array(a)
    let right = Array(b)
    guard left.count == right.count else { return false }
    if left.isEmpty { return true }
    return left.withUnsafeBytes { l in
      right.withUnsafeBytes { r in
        CRYPTO_memcmp(l.baseAddress, r.baseAddress, l.count) == 0
      }
    }
  }

  /// True when two strings have the same UTF-8 bytes; compares in place without copying.
  public static func equals(_ a: String, _ b: String) -> Bool {
    var left = a
    var right = b
    return left.withUTF8 { l in
      right.withUTF8 { r in
        guard l.count == r.count else { return false }
        if l.isEmpty { return true }
        return CRYPTO_memcmp(l.baseAddress, r.baseAddress, l.count) == 0
      }
    }
  }
}
