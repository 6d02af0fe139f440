import OTP

extension OTPError? {
  /// Whether this is `.invalidSecret`, whatever the reason given.
  var isInvalidSecret: Bool {
    if case .invalidSecret = self { true } else { false }
  }
}
