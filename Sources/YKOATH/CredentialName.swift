/// A credential's name on the key, `[PERIOD/][ISSUER:]NAME`, as ykman writes and reads it: the
/// period prefix only for a TOTP credential whose period is not 30 s, the issuer prefix only when
/// there is an issuer, at most 64 bytes of UTF-8 in all.
public struct CredentialName: Equatable, Hashable, Sendable {
  /// The credential's kind (an HOTP name never has a period prefix).
  public var type: OATHType
  /// The TOTP period in seconds (30 when the name has no prefix; 30 for HOTP, unused).
  public var period: Int
  /// The issuer, or nil when the name has none.
  public var issuer: String?
  /// The account name.
  public var name: String

  /// The period every TOTP credential has unless its name says otherwise.
  public static let defaultPeriod = 30

  /// Why a name cannot be written on a key.
  public enum Error: Swift.Error, Equatable, Sendable {
    /// The name with its prefixes is longer than 64 bytes of UTF-8 (the length it would have).
    case tooLong(Int)
    /// The account name is empty.
    case emptyName
    /// The period is not a positive number of seconds.
    case invalidPeriod(Int)
  }

  /// Holds the parts; `encoded()` checks them.
  public init(type: OATHType, period: Int = CredentialName.defaultPeriod, issuer: String?, name: String) {
    self.type = type
    self.period = period
    self.issuer = issuer
    self.name = name
  }

  /// The name as the key stores it: `60/Example:alice`, `Example:alice`, `alice`.
  public var text: String {
    var text = ""
    if type == .totp && period != Self.defaultPeriod { text += "\(period)/" }
    if let issuer, !issuer.isEmpty { text += issuer + ":" }
    return text + name
  }

  /// The UTF-8 bytes the key stores, checked against the 64-byte limit.
  public func encoded() throws(Error) -> [UInt8] {
    guard !name.isEmpty else { throw .emptyName }
    guard period > 0 else { throw .invalidPeriod(period) }
    let bytes = Array(text.utf8)
    guard bytes.count <= OATH.maximumNameLength else { throw .tooLong(bytes.count) }
    return bytes
  }

  /// Reads a stored name with ykman's grammar. TOTP: an optional `DIGITS/` (the period; a
  /// period of 0 is left in the name), then an optional `ISSUER:` (at least one character, no
  /// colon), then the name. HOTP: no period; the part before the first colon is the issuer.
  /// Bytes that are not UTF-8 are read with replacement characters.
  public init(type: OATHType, stored bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    self.type = type
    period = Self.defaultPeriod
    var rest = Substring(text)
    if type == .totp, let slash = rest.firstIndex(of: "/") {
      let digits = rest[..<slash]
      if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits),
        value > 0, rest.index(after: slash) < rest.endIndex
      {
        period = value
        rest = rest[rest.index(after: slash)...]
      }
    }
    issuer = nil
    if let colon = rest.firstIndex(of: ":") {
      let issuerPart = rest[..<colon]
      let namePart = rest[rest.index(after: colon)...]
      switch type {
      case .totp:
        if !issuerPart.isEmpty && !namePart.isEmpty {
          issuer = String(issuerPart)
          rest = namePart
        }
      case .hotp:
        issuer = String(issuerPart)
        rest = namePart
      }
    }
    name = String(rest)
  }
}
