/// An account as a Key URI: `otpauth://TYPE/ISSUER:NAME?secret=…` or `motp://ISSUER:NAME?secret=HEX`.
///
/// When the label's issuer prefix and the `issuer` parameter disagree, the parameter wins: it
/// is the field Google's Key URI format recommends and is never truncated or ambiguous about
/// colons; the label prefix is then dropped from the name. Unknown parameters are ignored.
public struct KeyURI: Hashable, Sendable {
  /// The service, possibly empty.
  public var issuer: String
  /// The account name, possibly empty.
  public var name: String
  /// How codes are computed.
  public var parameters: OTPParameters

  /// Pairs a label with parameters.
  public init(issuer: String, name: String, parameters: OTPParameters) {
    self.issuer = issuer
    self.name = name
    self.parameters = parameters
  }

  /// Why a text is not a usable Key URI; never includes the secret.
  public enum Error: Swift.Error, Equatable, Sendable {
    /// The scheme is not `otpauth` or `motp`.
    case unsupportedScheme(String)
    /// The `otpauth` type (host) is not one Twofold knows.
    case unsupportedType(String)
    /// A required parameter is absent.
    case missingParameter(String)
    /// A parameter's value is not acceptable.
    case invalidParameter(String, String)
    /// Percent-encoding or structure is broken.
    case malformed(String)
  }
}

extension KeyURI.Error: CustomStringConvertible {
  /// A one-line explanation for people.
  public var description: String {
    switch self {
    case .unsupportedScheme(let scheme):
      scheme.isEmpty
        ? "not a Key URI: expected otpauth://… or motp://…"
        : "not a Key URI: scheme '\(scheme)' is not otpauth or motp"
    case .unsupportedType(let type): "unsupported OTP type '\(type)' (expected totp, hotp, steam, yaotp)"
    case .missingParameter(let name): "the URI has no '\(name)' parameter"
    case .invalidParameter(let name, let why): "invalid '\(name)' in the URI: \(why)"
    case .malformed(let why): "malformed URI: \(why)"
    }
  }
}
