import Crypto
import Foundation

/// The OATH applet's answer to SELECT: its version (`79`), salt (`71`, 8 bytes, which also
/// names the device), and, when a password is set, a challenge (`74`) and its algorithm (`7B`).
public struct SelectAnswer: Equatable, Sendable {
  /// The firmware version, e.g. `[5, 4, 3]`.
  public var version: [UInt8]
  /// The salt of the access key.
  public var salt: [UInt8]
  /// The challenge to answer with VALIDATE, or nil when no password is set.
  public var challenge: [UInt8]?
  /// The algorithm of the challenge (SHA-1 when absent).
  public var algorithm: OATHAlgorithm

  /// Why the answer cannot be read.
  public enum Error: Swift.Error, Equatable, Sendable {
    /// The bytes are not TLVs.
    case malformed
    /// A tag the answer must have is missing (`79` or `71`).
    case missing(UInt8)
  }

  /// Reads the answer's data.
  public init(_ data: [UInt8]) throws(Error) {
    let tlvs: [TLV]
    do { tlvs = try TLV.parse(data) } catch { throw .malformed }
    guard let version = tlvs.value(OATH.Tag.version) else { throw .missing(OATH.Tag.version) }
    guard let salt = tlvs.value(OATH.Tag.name) else { throw .missing(OATH.Tag.name) }
    self.version = version
    self.salt = salt
    challenge = tlvs.value(OATH.Tag.challenge)
    algorithm = tlvs.value(OATH.Tag.algorithm).flatMap { $0.first }.flatMap(OATHAlgorithm.init) ?? .sha1
  }

  /// Whether the applet is protected by a password (it sent a challenge).
  public var isLocked: Bool { challenge != nil }

  /// The version as text, `5.4.3`.
  public var versionText: String { version.map(String.init).joined(separator: ".") }

  /// The device id ykman keys remembered passwords by: the first 16 bytes of SHA-256 of the
  /// salt, in Base64 without padding. It changes when the password is set, cleared or reset.
  public var deviceID: String {
    let bytes = Array(Digest.sha256(salt).prefix(16))
    return Data(bytes).base64EncodedString().replacingOccurrences(of: "=", with: "")
  }

  /// Whether the firmware is `minimum` or later (RENAME needs 5.3.1).
  public func isAtLeast(_ minimum: [UInt8]) -> Bool {
    version.lexicographicallyPrecedes(minimum) == false
  }
}
