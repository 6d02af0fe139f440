import Crypto

/// The hash an account's codes are computed with.
public enum OTPAlgorithm: String, CaseIterable, Sendable {
  case sha1 = "SHA1"
  case sha256 = "SHA256"
  case sha512 = "SHA512"
  /// Only for mOTP, which hashes with plain MD5.
  case md5 = "MD5"

  /// Reads a name case-insensitively, with or without `-` and an `Hmac` prefix (`sha-256`, `HmacSHA1`).
  public init(name: String) throws(OTPError) {
    var key = String(name.uppercased().filter { $0 != "-" })
    if key.hasPrefix("HMAC") { key.removeFirst(4) }
    guard let algorithm = OTPAlgorithm(rawValue: key) else { throw .invalidAlgorithm(name) }
    self = algorithm
  }

  var digest: DigestAlgorithm {
    switch self {
    case .sha1: .sha1
    case .sha256: .sha256
    case .sha512: .sha512
    case .md5: .md5
    }
  }
}
