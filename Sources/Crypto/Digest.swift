import COpenSSL

/// One-shot message digests (OpenSSL `EVP_Digest`).
public enum Digest {
  /// The digest of `message` under `algorithm`.
  public static func hash(_ algorithm: DigestAlgorithm, _ message: some Collection<UInt8>) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: algorithm.outputSize)
    let bytes = Array(message)
    var length: UInt32 = 0
    let ok = bytes.withUnsafeBytes { input in
      output.withUnsafeMutableBufferPointer { out in
        EVP_Digest(input.baseAddress, input.count, out.baseAddress, &length, algorithm.evp, nil)
      }
    }
    precondition(ok == 1 && Int(length) == algorithm.outputSize, "EVP_Digest failed")
    return output
  }

  /// SHA-256 of `message`.
  public static func sha256(_ message: some Collection<UInt8>) -> [UInt8] {
    hash(.sha256, message)
  }
}
