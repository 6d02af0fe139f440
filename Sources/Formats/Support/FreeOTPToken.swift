import Codecs
import Domain
import OTP

/// FreeOTP's token JSON, shared by FreeOTP 1 (`tokens.xml`), FreeOTP+ (JSON export and
/// internal XML) and FreeOTP 2 backups: `{type, issuerExt, label, algo, digits, period, counter,
/// secret}` (import-formats.md). A TOTP token whose issuer is `Steam` is a Steam account.
enum FreeOTPToken {
  /// The account of one token.
  ///
  /// - Parameters:
  ///   - value: the token's JSON.
  ///   - secret: the secret when it is kept apart (FreeOTP 2); nil reads the `secret` byte array.
  ///   - counterOffset: added to a stored HOTP counter: 1 where FreeOTP stores the last counter
  ///     used and Twofold keeps the next one to use.
  ///   - fallbackLabel: names the entry in the report when the token has no issuer or label.
  static func candidate(
    _ value: JSONValue?, secret: [UInt8]? = nil, counterOffset: Int64, fallbackLabel: String
  ) -> ImportCandidate {
    let fields = value?.objectValue.map(ExportEntry.Fields.init)
    let issuer = (try? fields?.string("issuerExt")) ?? (try? fields?.string("issuerInt")) ?? ""
    let name = (try? fields?.string("label")) ?? ""
    let label = ExportEntry.label(issuer: issuer, name: name, otherwise: fallbackLabel)
    return ExportEntry.candidate(label: label) { () throws(ExportEntry.Problem) in
      let fields = try ExportEntry.Fields(value, what: "the token")
      guard let typeName = try fields.string("type") else {
        throw ExportEntry.Problem("the token has no type")
      }
      var bytes = secret ?? []
      if secret == nil, let stored = try fields.signedBytes("secret") { bytes = stored }
      let algorithm = try fields.string("algo")
      let digits = try fields.integer("digits")
      let parameters = try ExportEntry.parameters(
        typeName: typeName, steam: .totpIssuer(isSteam: issuer == "Steam"), secret: bytes,
        algorithm: algorithm, digits: digits,
        period: { () throws(ExportEntry.Problem) in try fields.integer("period") },
        counter: { () throws(ExportEntry.Problem) in
          let stored = try fields.integer("counter") ?? 0
          let (counter, overflow) = stored.addingReportingOverflow(counterOffset)
          guard !overflow else {
            throw ExportEntry.Problem(OTPError.invalidCounter("\(stored) + 1").description)
          }
          return counter
        }, unsupported: "unsupported token type '\(typeName)'")
      return NewAccount(issuer: issuer, name: name, otp: parameters)
    }
  }
}
