#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension [UInt8] {
  /// Overwrites every byte (a password read from a program) with zero, keeping the count.
  mutating func wipe() {
    withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      _ = memset(base, 0, buffer.count)
    }
  }
}
