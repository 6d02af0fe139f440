import OTP

/// The account a Key URI should parse to, written as plainly as a table row.
struct ExpectedAccount: Sendable {
  var type: OTPType
  var issuer: String
  var name: String
  /// Base32, or hex for mOTP.
  var secret: String
  var algorithm: OTPAlgorithm?
  var digits: Int?
  var period: Int?
  var counter: UInt64 = 0
  var pin: String?

  /// The `KeyURI` value this row describes.
  func keyURI() throws -> KeyURI {
    let bytes = type == .motp ? try Hex.decode(secret) : try Base32.decode(secret)
    let parameters = try OTPParameters(
      type: type, secret: bytes, algorithm: algorithm, digits: digits, period: period, counter: counter,
      pin: pin)
    return KeyURI(issuer: issuer, name: name, parameters: parameters)
  }
}
