import Crypto

/// What PUT writes on a key: the name, the kind, digits, secret, touch and initial counter,
/// checked against what the applet can hold.
public struct CredentialData: Equatable, Sendable {
  /// The credential's name on the key.
  public var name: CredentialName
  /// The hash.
  public var algorithm: OATHAlgorithm
  /// 6, 7 or 8.
  public var digits: Int
  /// The shared secret as given (before shortening and padding).
  public var secret: [UInt8]
  /// Whether each calculation needs a touch.
  public var touch: Bool
  /// An HOTP credential's initial counter.
  public var counter: UInt32

  /// Why an account cannot be written on a key.
  public enum Error: Swift.Error, Equatable, Sendable {
    /// The name cannot be stored.
    case name(CredentialName.Error)
    /// Digits outside 6...8.
    case unsupportedDigits(Int)
    /// An empty secret.
    case emptySecret
    /// A counter on a TOTP credential.
    case counterOnTOTP
  }

  /// Holds the parts; `putCommand()` checks them.
  public init(
    name: CredentialName, algorithm: OATHAlgorithm = .sha1, digits: Int = 6, secret: [UInt8],
    touch: Bool = false, counter: UInt32 = 0
  ) {
    self.name = name
    self.algorithm = algorithm
    self.digits = digits
    self.secret = secret
    self.touch = touch
    self.counter = counter
  }

  /// The digits the applet accepts.
  public static let supportedDigits = 6...8

  /// The secret as the key stores it: hashed when longer than the hash's block (64 bytes for
  /// SHA-1 and SHA-256, 128 for SHA-512), then padded with zero bytes to 14.
  public static func storedSecret(_ secret: [UInt8], algorithm: OATHAlgorithm) -> [UInt8] {
    let digest = algorithm.digest
    var key = secret.count > digest.blockSize ? Digest.hash(digest, secret) : secret
    if key.count < OATH.minimumSecretLength {
      key += [UInt8](repeating: 0, count: OATH.minimumSecretLength - key.count)
    }
    return key
  }

  /// The PUT command's data: `71` name, `73` type/algorithm, digits and stored secret, `78 02`
  /// for touch, `7A` with the counter (4 bytes, big-endian) when it is not 0.
  public func putData() throws(Error) -> [UInt8] {
    let nameBytes: [UInt8]
    do { nameBytes = try name.encoded() } catch { throw .name(error) }
    guard Self.supportedDigits.contains(digits) else { throw .unsupportedDigits(digits) }
    guard !secret.isEmpty else { throw .emptySecret }
    guard counter == 0 || name.type == .hotp else { throw .counterOnTOTP }
    let kind = OATHKind(type: name.type, algorithm: algorithm)
    var data = TLV(OATH.Tag.name, nameBytes).bytes
    data +=
      TLV(OATH.Tag.key, [kind.byte, UInt8(digits)] + Self.storedSecret(secret, algorithm: algorithm)).bytes
    if touch { data += [OATH.Tag.property, OATH.requireTouch] }
    if counter != 0 {
      data += TLV(OATH.Tag.imf, [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: counter >> $0) }).bytes
    }
    return data
  }
}

extension OATHAlgorithm {
  /// The digest Crypto computes it with.
  var digest: DigestAlgorithm {
    switch self {
    case .sha1: .sha1
    case .sha256: .sha256
    case .sha512: .sha512
    }
  }
}
