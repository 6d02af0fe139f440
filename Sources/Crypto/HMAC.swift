import COpenSSL

/// A keyed HMAC (RFC 2104) over OpenSSL's digests whose key schedule is done once, so one
/// key authenticates many messages with two digest finalisations each and no allocation.
public final class HMAC: @unchecked Sendable {
  /// The digest this HMAC is built on.
  public let algorithm: DigestAlgorithm
  /// The algorithm's `PaddedKey`, written by `init` and only read until `deinit` wipes it,
  /// so sharing the object between threads is safe.
  private let paddedKey: UnsafeMutableRawPointer

  /// Prepares the key schedule for `key`; the key bytes are not kept.
  public init(_ algorithm: DigestAlgorithm, key: [UInt8]) {
    self.algorithm = algorithm
    paddedKey = key.withUnsafeBytes { Self.schedule(algorithm, key: $0) }
  }

  /// Prepares the key schedule for the bytes at `key` (a range of `SecretBytes`, read in
  /// place); the key bytes are not kept.
  public init(_ algorithm: DigestAlgorithm, keyBytes key: UnsafeRawBufferPointer) {
    self.algorithm = algorithm
    paddedKey = Self.schedule(algorithm, key: key)
  }

  /// The `PaddedKey` of `key` for `algorithm`: in `LockedMemory` when it is started and has room.
  private static func schedule(_ algorithm: DigestAlgorithm, key: UnsafeRawBufferPointer)
    -> UnsafeMutableRawPointer
  {
    switch algorithm {
    case .md5: PaddedKey<MD5Digest>.allocate(key: key)
    case .sha1: PaddedKey<SHA1Digest>.allocate(key: key)
    case .sha256: PaddedKey<SHA256Digest>.allocate(key: key)
    case .sha512: PaddedKey<SHA512Digest>.allocate(key: key)
    }
  }

  deinit {
    switch algorithm {
    case .md5: PaddedKey<MD5Digest>.deallocate(paddedKey)
    case .sha1: PaddedKey<SHA1Digest>.deallocate(paddedKey)
    case .sha256: PaddedKey<SHA256Digest>.deallocate(paddedKey)
    case .sha512: PaddedKey<SHA512Digest>.deallocate(paddedKey)
    }
  }

  // `releasenone` (only C digest calls happen here) lets callers skip retaining `self` around
  // the call: an atomic retain and release were ~7% of a TOTP code's time.
  /// Writes the MAC of `message` to `output`, which must hold `algorithm.outputSize` bytes.
  @inline(__always) @_effects(releasenone)
  public func authenticate(_ message: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) {
    switch algorithm {
    case .md5: PaddedKey<MD5Digest>.mac(paddedKey, message, into: output)
    case .sha1: PaddedKey<SHA1Digest>.mac(paddedKey, message, into: output)
    case .sha256: PaddedKey<SHA256Digest>.mac(paddedKey, message, into: output)
    case .sha512: PaddedKey<SHA512Digest>.mac(paddedKey, message, into: output)
    }
  }

  /// The MAC of `message`.
  public func authenticate(_ message: some Collection<UInt8>) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: algorithm.outputSize)
    let bytes = Array(message)
    bytes.withUnsafeBytes { input in
      output.withUnsafeMutableBufferPointer { authenticate(input, into: $0.baseAddress!) }
    }
    return output
  }

  /// One-shot HMAC through OpenSSL's own `HMAC()`; the reference the keyed form is tested against.
  public static func authenticate(
    _ algorithm: DigestAlgorithm, key: [UInt8], message: some Collection<UInt8>
  ) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: algorithm.outputSize)
    var length: UInt32 = 0
    let bytes = Array(message)
    let result = key.withUnsafeBytes { k in
      bytes.withUnsafeBytes { m in
        output.withUnsafeMutableBufferPointer { out in
          COpenSSL.HMAC(
            algorithm.evp, k.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(k.count),
            m.baseAddress?.assumingMemoryBound(to: UInt8.self), m.count, out.baseAddress, &length)
        }
      }
    }
    precondition(result != nil, "HMAC failed")
    return output
  }
}
