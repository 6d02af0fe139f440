import Crypto

/// The key that unlocks a password-protected applet: PBKDF2-HMAC-SHA1 of the password (UTF-8)
/// with the SELECT salt, 1000 iterations, 16 bytes (as ykman derives it), and the mutual
/// HMAC-SHA1 challenge/response of VALIDATE and SET CODE.
public struct AccessKey: Equatable, Sendable {
  /// The 16 key bytes.
  public let bytes: [UInt8]

  /// Holds a key remembered earlier.
  public init(bytes: [UInt8]) { self.bytes = bytes }

  /// Derives the key of `password` for the applet whose salt is `salt`.
  public init(password: String, salt: [UInt8]) throws(CryptoError) {
    bytes = try KeyDerivation.pbkdf2(
      password: Array(password.utf8), salt: salt, iterations: 1000, digest: .sha1, length: 16)
  }

  /// HMAC-SHA1 of `challenge` under the key.
  public func response(to challenge: [UInt8]) -> [UInt8] {
    HMAC.authenticate(.sha1, key: bytes, message: challenge)
  }

  /// VALIDATE answering the card's `cardChallenge` and sending `ourChallenge` (8 random bytes
  /// the caller draws) for the card to answer.
  public func validateCommand(cardChallenge: [UInt8], ourChallenge: [UInt8]) -> APDU {
    OATHCommand.validate(response: response(to: cardChallenge), challenge: ourChallenge)
  }

  /// Whether VALIDATE's answer (`75` with HMAC-SHA1 of our challenge) proves the card holds
  /// this key; compared in constant time.
  public func verifies(validateAnswer data: [UInt8], ourChallenge: [UInt8]) -> Bool {
    guard let tlvs = try? TLV.parse(data), let answer = tlvs.value(OATH.Tag.response) else { return false }
    return ConstantTime.equals(answer, response(to: ourChallenge))
  }

  /// SET CODE making this the applet's key, proven with `challenge` (8 random bytes).
  public func setCodeCommand(challenge: [UInt8]) -> APDU {
    OATHCommand.setCode(accessKey: bytes, challenge: challenge, response: response(to: challenge))
  }
}
