import OTP

extension ExportEntry {
  /// How an export marks a Steam entry.
  enum SteamMark {
    /// The type name `STEAM`; `readsAlgorithm` says whether the entry's algorithm is read for it
    /// (andOTP) or left aside (2FAS).
    case typeName(readsAlgorithm: Bool)
    /// A TOTP entry whose issuer is `Steam` (FreeOTP), when `isSteam` is true; the type name
    /// `STEAM` is then no type.
    case totpIssuer(isSteam: Bool)
  }

  /// The parameters of an entry whose type is named `typeName` (`TOTP`, `HOTP` or a Steam entry
  /// as `steam` marks it, in any case): the one reading of a type name the importers of andOTP,
  /// 2FAS and FreeOTP share. A Steam entry takes its algorithm (when read) and period, a TOTP entry
  /// its algorithm, digits and period, an HOTP entry its algorithm, digits and `counter()`.
  ///
  /// - Parameters:
  ///   - period: read for TOTP and Steam entries only.
  ///   - counter: read for HOTP entries only; it throws when the entry has none it accepts.
  ///   - unsupported: the problem of any other type name.
  static func parameters(
    typeName: String, steam: SteamMark, secret: [UInt8], algorithm: String?, digits: Int64?,
    period: () throws(Problem) -> Int64?, counter: () throws(Problem) -> Int64,
    unsupported: @autoclosure () -> String
  ) throws(Problem) -> OTPParameters {
    switch (typeName.uppercased(), steam) {
    case ("TOTP", .totpIssuer(isSteam: true)), ("STEAM", .typeName(readsAlgorithm: true)):
      return try parameters(type: .steam, secret: secret, algorithm: algorithm, period: try period())
    case ("STEAM", .typeName(readsAlgorithm: false)):
      return try parameters(type: .steam, secret: secret, period: try period())
    case ("TOTP", _):
      return try parameters(
        type: .totp, secret: secret, algorithm: algorithm, digits: digits, period: try period())
    case ("HOTP", _):
      return try parameters(
        type: .hotp, secret: secret, algorithm: algorithm, digits: digits, counter: try counter())
    default:
      throw Problem(unsupported())
    }
  }
}
