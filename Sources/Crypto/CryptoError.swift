/// A failure inside the cryptographic layer; carries no key or plaintext material.
public enum CryptoError: Error, Equatable, Sendable {
  /// The authentication tag did not match: wrong key, or the data was altered.
  case authenticationFailed
  /// A key, nonce, tag or salt had the wrong length.
  case invalidLength(String)
  /// Key-derivation parameters were out of the supported range.
  case invalidParameters(String)
  /// OpenSSL reported an internal failure in the named operation.
  case library(String)
}
