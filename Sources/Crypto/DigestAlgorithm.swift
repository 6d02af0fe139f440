import COpenSSL

/// The hash functions Twofold uses, each backed by OpenSSL's libcrypto.
public enum DigestAlgorithm: String, CaseIterable, Sendable {
  case md5 = "MD5"
  case sha1 = "SHA1"
  case sha256 = "SHA256"
  case sha512 = "SHA512"

  /// Length of a digest in bytes.
  public var outputSize: Int {
    switch self {
    case .md5: 16
    case .sha1: 20
    case .sha256: 32
    case .sha512: 64
    }
  }

  /// Length of the compression function's block in bytes.
  public var blockSize: Int {
    switch self {
    case .md5, .sha1, .sha256: 64
    case .sha512: 128
    }
  }

  var evp: OpaquePointer {
    switch self {
    case .md5: EVP_md5()
    case .sha1: EVP_sha1()
    case .sha256: EVP_sha256()
    case .sha512: EVP_sha512()
    }
  }
}
