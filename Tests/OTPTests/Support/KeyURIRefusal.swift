import OTP

/// Which `KeyURI.Error` a bad URI must raise: the case and the parameter it names, not the wording.
enum KeyURIRefusal: Equatable, Sendable, CustomStringConvertible {
  case unsupportedScheme(String)
  case unsupportedType(String)
  case missing(String)
  case invalid(String)
  case malformed

  init(_ error: KeyURI.Error) {
    switch error {
    case .unsupportedScheme(let scheme): self = .unsupportedScheme(scheme)
    case .unsupportedType(let type): self = .unsupportedType(type)
    case .missingParameter(let name): self = .missing(name)
    case .invalidParameter(let name, _): self = .invalid(name)
    case .malformed: self = .malformed
    }
  }

  var description: String {
    switch self {
    case .unsupportedScheme(let scheme): "unsupportedScheme(\(scheme))"
    case .unsupportedType(let type): "unsupportedType(\(type))"
    case .missing(let name): "missing(\(name))"
    case .invalid(let name): "invalid(\(name))"
    case .malformed: "malformed"
    }
  }
}
