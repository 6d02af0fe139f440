/// Readers of the applet's answers to LIST, CALCULATE and CALCULATE ALL.
public enum OATHAnswer {
  /// Why an answer cannot be read.
  public enum Error: Swift.Error, Equatable, Sendable {
    /// Not the TLVs the command answers with.
    case malformed
  }

  /// One credential as LIST names it.
  public struct ListedCredential: Equatable, Sendable {
    /// The stored name bytes (what CALCULATE, DELETE and RENAME take).
    public var stored: [UInt8]
    /// The name, read.
    public var name: CredentialName
    /// The hash.
    public var algorithm: OATHAlgorithm
  }

  /// LIST's answer: one `72` per credential, its type/algorithm byte then its name.
  public static func list(_ data: [UInt8]) throws(Error) -> [ListedCredential] {
    guard let tlvs = try? TLV.parse(data) else { throw .malformed }
    return try tlvs.map { (tlv) throws(Error) in
      guard tlv.tag == OATH.Tag.nameList, let first = tlv.value.first, let kind = OATHKind(byte: first)
      else { throw .malformed }
      let stored = Array(tlv.value.dropFirst())
      return ListedCredential(
        stored: stored, name: CredentialName(type: kind.type, stored: stored), algorithm: kind.algorithm)
    }
  }

  /// What CALCULATE ALL says of one credential.
  public enum Calculated: Equatable, Sendable {
    /// A TOTP code, truncated (digits byte then four bytes), computed for the 30-second step.
    case truncated([UInt8])
    /// A full response (digits byte then the HMAC).
    case full([UInt8])
    /// An HOTP credential: nothing computed.
    case hotp(digits: UInt8)
    /// A credential that needs a touch: nothing computed.
    case touch(digits: UInt8)
  }

  /// One credential of CALCULATE ALL's answer.
  public struct CalculatedCredential: Equatable, Sendable {
    /// The stored name bytes.
    public var stored: [UInt8]
    /// The name, read (HOTP for `77`, TOTP otherwise).
    public var name: CredentialName
    /// What the key computed.
    public var result: Calculated
  }

  /// CALCULATE ALL's answer: pairs of `71` name and `76`, `75`, `77` or `7C`.
  public static func calculateAll(_ data: [UInt8]) throws(Error) -> [CalculatedCredential] {
    guard let tlvs = try? TLV.parse(data), tlvs.count % 2 == 0 else { throw .malformed }
    return try stride(from: 0, to: tlvs.count, by: 2).map { (index) throws(Error) in
      let (nameTLV, answer) = (tlvs[index], tlvs[index + 1])
      guard nameTLV.tag == OATH.Tag.name, let digits = answer.value.first else { throw .malformed }
      let result: Calculated
      switch answer.tag {
      case OATH.Tag.truncated where answer.value.count == 5: result = .truncated(answer.value)
      case OATH.Tag.response where answer.value.count > 1: result = .full(answer.value)
      case OATH.Tag.hotp: result = .hotp(digits: digits)
      case OATH.Tag.touch: result = .touch(digits: digits)
      default: throw .malformed
      }
      let type: OATHType = answer.tag == OATH.Tag.hotp ? .hotp : .totp
      return CalculatedCredential(
        stored: nameTLV.value, name: CredentialName(type: type, stored: nameTLV.value), result: result)
    }
  }

  /// CALCULATE's answer with truncation asked for: the `76` value (digits byte, four bytes).
  public static func calculate(_ data: [UInt8]) throws(Error) -> [UInt8] {
    guard let tlvs = try? TLV.parse(data), let value = tlvs.value(OATH.Tag.truncated), value.count == 5
    else { throw .malformed }
    return value
  }

  /// The code of a truncated response (digits byte, four bytes): the 31 low bits of the four
  /// bytes modulo 10^digits, with leading zeros (RFC 4226 §5.3).
  public static func code(truncated value: [UInt8]) throws(Error) -> String {
    guard value.count == 5, (1...10).contains(value[0]) else { throw .malformed }
    let number = value[1...].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } & 0x7FFF_FFFF
    return digits(number, count: Int(value[0]))
  }

  /// The code of a full response (digits byte, HMAC): RFC 4226's dynamic truncation.
  public static func code(full value: [UInt8]) throws(Error) -> String {
    guard value.count >= 21, (1...10).contains(value[0]) else { throw .malformed }
    let hmac = Array(value.dropFirst())
    let offset = Int(hmac[hmac.count - 1] & 0x0F)
    let number = hmac[offset..<offset + 4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } & 0x7FFF_FFFF
    return digits(number, count: Int(value[0]))
  }

  private static func digits(_ number: UInt64, count: Int) -> String {
    var modulus: UInt64 = 1
    for _ in 0..<count { modulus *= 10 }
    let text = String(number % modulus)
    return String(repeating: "0", count: count - text.count) + text
  }
}
