import OTP

/// The shared secrets of RFC 4226 Appendix D and RFC 6238 Appendix B.
enum RFCSecrets {
  /// "12345678901234567890", the RFC 4226 secret and RFC 6238's SHA-1 seed.
  static let hotp = Array("12345678901234567890".utf8)

  /// RFC 6238's seed for each hash: the ASCII digits repeated to 20, 32 or 64 bytes.
  static func totpSeed(for algorithm: OTPAlgorithm) -> [UInt8] {
    let length =
      switch algorithm {
      case .sha1: 20
      case .sha256: 32
      case .sha512: 64
      case .md5: 16
      }
    let digits = Array("1234567890".utf8)
    return (0..<length).map { digits[$0 % digits.count] }
  }
}
