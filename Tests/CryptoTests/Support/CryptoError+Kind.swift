import Crypto

extension CryptoError? {
  /// Whether this is `.invalidLength`, whatever its message.
  var isInvalidLength: Bool {
    if case .invalidLength = self { true } else { false }
  }

  /// Whether this is `.invalidParameters`, whatever its message.
  var isInvalidParameters: Bool {
    if case .invalidParameters = self { true } else { false }
  }
}
