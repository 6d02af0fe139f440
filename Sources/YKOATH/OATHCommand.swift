/// The YKOATH applet's commands as APDUs (YKOATH specification, one section each).
public enum OATHCommand {
  /// SELECT the OATH applet by its AID.
  public static let select = APDU(ins: OATH.Instruction.select, p1: 0x04, data: OATH.aid)

  /// LIST every credential's kind and name.
  public static let list = APDU(ins: OATH.Instruction.list)

  /// SEND REMAINING: the next part of an answer that ended in `61xx`.
  public static let sendRemaining = APDU(ins: OATH.Instruction.sendRemaining)

  /// PUT a credential (`data` from `CredentialData.putData()`).
  public static func put(_ data: [UInt8]) -> APDU {
    APDU(ins: OATH.Instruction.put, data: data)
  }

  /// DELETE the credential named `name` (its stored bytes).
  public static func delete(name: [UInt8]) -> APDU {
    APDU(ins: OATH.Instruction.delete, data: TLV(OATH.Tag.name, name).bytes)
  }

  /// RENAME the credential `old` to `new` (stored bytes each).
  public static func rename(from old: [UInt8], to new: [UInt8]) -> APDU {
    APDU(ins: OATH.Instruction.rename, data: TLV(OATH.Tag.name, old).bytes + TLV(OATH.Tag.name, new).bytes)
  }

  /// CALCULATE one credential's response to `challenge` (8 bytes of time step for TOTP, empty
  /// for HOTP); `truncated` asks for the 4-byte truncation (P2 `01`) instead of the full HMAC.
  public static func calculate(name: [UInt8], challenge: [UInt8], truncated: Bool = true) -> APDU {
    APDU(
      ins: OATH.Instruction.calculate, p2: truncated ? 1 : 0,
      data: TLV(OATH.Tag.name, name).bytes + TLV(OATH.Tag.challenge, challenge).bytes)
  }

  /// CALCULATE ALL credentials' truncated responses to `challenge`.
  public static func calculateAll(challenge: [UInt8]) -> APDU {
    APDU(ins: OATH.Instruction.calculateAll, p2: 1, data: TLV(OATH.Tag.challenge, challenge).bytes)
  }

  /// VALIDATE: our `response` to the card's challenge and our own `challenge` for the card.
  public static func validate(response: [UInt8], challenge: [UInt8]) -> APDU {
    APDU(
      ins: OATH.Instruction.validate,
      data: TLV(OATH.Tag.response, response).bytes + TLV(OATH.Tag.challenge, challenge).bytes)
  }

  /// SET CODE to `accessKey` (TOTP SHA-1 kind byte `0x21` then the key), proven by `response`
  /// to `challenge`.
  public static func setCode(accessKey: [UInt8], challenge: [UInt8], response: [UInt8]) -> APDU {
    let kind = OATHKind(type: .totp, algorithm: .sha1).byte
    return APDU(
      ins: OATH.Instruction.setCode,
      data: TLV(OATH.Tag.key, [kind] + accessKey).bytes + TLV(OATH.Tag.challenge, challenge).bytes
        + TLV(OATH.Tag.response, response).bytes)
  }

  /// SET CODE with an empty key: removes the password.
  public static let clearCode = APDU(ins: OATH.Instruction.setCode, data: TLV(OATH.Tag.key).bytes)

  /// The 8-byte challenge of a TOTP calculation: the time step `unixTime / period`, big-endian.
  public static func timeChallenge(unixTime: Int64, period: Int) -> [UInt8] {
    let step = UInt64(max(0, unixTime) / Int64(period))
    return stride(from: 56, through: 0, by: -8).map { UInt8(truncatingIfNeeded: step >> UInt64($0)) }
  }
}
