/// A credential's kind, the high nibble of the type/algorithm byte.
public enum OATHType: UInt8, Equatable, Sendable, CaseIterable {
  /// Counter-based (RFC 4226).
  case hotp = 0x10
  /// Time-based (RFC 6238).
  case totp = 0x20
}

/// A credential's hash, the low nibble of the type/algorithm byte.
public enum OATHAlgorithm: UInt8, Equatable, Sendable, CaseIterable {
  /// HMAC-SHA1.
  case sha1 = 0x01
  /// HMAC-SHA256.
  case sha256 = 0x02
  /// HMAC-SHA512.
  case sha512 = 0x03

  /// The name `key list --json` prints: `SHA1`, `SHA256`, `SHA512`.
  public var name: String {
    switch self {
    case .sha1: "SHA1"
    case .sha256: "SHA256"
    case .sha512: "SHA512"
    }
  }
}

/// The type/algorithm byte: `type | algorithm` (`0x21` a TOTP SHA-1 credential).
public struct OATHKind: Equatable, Sendable {
  /// The credential's kind.
  public var type: OATHType
  /// The credential's hash.
  public var algorithm: OATHAlgorithm

  /// Holds kind and hash.
  public init(type: OATHType, algorithm: OATHAlgorithm) {
    self.type = type
    self.algorithm = algorithm
  }

  /// Reads the byte; nil for a kind or hash the applet does not define.
  public init?(byte: UInt8) {
    guard let type = OATHType(rawValue: byte & 0xF0), let algorithm = OATHAlgorithm(rawValue: byte & 0x0F)
    else { return nil }
    self.init(type: type, algorithm: algorithm)
  }

  /// The byte.
  public var byte: UInt8 { type.rawValue | algorithm.rawValue }
}
