import COpenSSL

/// One-shot message digests, through OpenSSL's allocation-free digest functions: they need no
/// algorithm fetch, so a command that only hashes a path never pays for OpenSSL 3's provider and
/// name tables (about a third of a `twofold code` process through the agent).
public enum Digest {
  /// The digest of `message` under `algorithm`.
  public static func hash(_ algorithm: DigestAlgorithm, _ message: some Collection<UInt8>) -> [UInt8] {
    switch algorithm {
    case .md5: oneShot(MD5Digest.self, message)
    case .sha1: oneShot(SHA1Digest.self, message)
    case .sha256: oneShot(SHA256Digest.self, message)
    case .sha512: oneShot(SHA512Digest.self, message)
    }
  }

  /// SHA-256 of `message`.
  public static func sha256(_ message: some Collection<UInt8>) -> [UInt8] {
    hash(.sha256, message)
  }

  private static func oneShot<D: LowLevelDigest>(_ digest: D.Type, _ message: some Collection<UInt8>)
    -> [UInt8]
  {
    var output = [UInt8](repeating: 0, count: D.algorithm.outputSize)
    var context = D.fresh()
    let hashed: Bool? = message.withContiguousStorageIfAvailable { bytes in
      D.update(&context, bytes.baseAddress, bytes.count)
      return true
    }
    if hashed == nil {
      let bytes = Array(message)
      bytes.withUnsafeBytes { D.update(&context, $0.baseAddress, $0.count) }
    }
    output.withUnsafeMutableBufferPointer { D.finish(&context, $0.baseAddress!) }
    return output
  }
}
