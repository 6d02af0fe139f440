import Domain
import OTP

/// Google Authenticator's internal SQLite database (`databases/databases`, import-formats.md
/// "Google Authenticator / Microsoft Authenticator databases"): `accounts(email, secret,
/// counter, type 0 TOTP / 1 HOTP, issuer)`, every account SHA1, 6 digits, 30 s.
public struct GoogleAuthenticatorDatabaseImporter: AccountImporter {
  /// The `--format` name.
  public let format = "google-db"

  /// The columns of `accounts` that are read.
  static let columns: Set<String> = ["email", "secret", "type"]

  /// Creates the importer.
  public init() {}

  /// A SQLite database whose `accounts` table has `email`, `secret` and `type`.
  public func recognizes(_ file: ImportFile) -> Bool {
    SQLiteDatabase.has(table: "accounts", columns: Self.columns, in: file.bytes)
  }

  /// Every row of `accounts`.
  public func candidates(from file: ImportFile, password: ImportPassword) throws(ImportError)
    -> [ImportCandidate]
  {
    let rows = try SQLiteDatabase.rows(
      of: "accounts", columns: Self.columns, in: file, app: "Google Authenticator")
    return rows.enumerated().map { index, row in Self.candidate(row, position: index + 1) }
  }

  /// `email` is the account name, or `Issuer:name` when the app wrote the label whole.
  private static func candidate(_ row: SQLiteDatabase.Row, position: Int) -> ImportCandidate {
    var name = row.text("email") ?? ""
    var issuer = row.text("issuer") ?? ""
    let parts = name.split(separator: ":", omittingEmptySubsequences: false)
    if parts.count == 2 {
      if issuer.isEmpty { issuer = String(parts[0]) }
      name = String(parts[1].drop { $0 == " " })
    }
    return ExportEntry.candidate(label: ExportEntry.label(issuer: issuer, name: name, position: position)) {
      () throws(ExportEntry.Problem) in
      if (row.integer("isencrypted") ?? 0) > 0 {
        throw ExportEntry.Problem("Google Authenticator encrypted this secret with a key only the phone has")
      }
      guard let text = row.text("secret"), !text.isEmpty else {
        throw ExportEntry.Problem("the account has no secret")
      }
      let secret = try ExportEntry.base32(text)
      let parameters: OTPParameters
      switch row.integer("type") {
      case 0?: parameters = try ExportEntry.parameters(type: .totp, secret: secret)
      case 1?:
        parameters = try ExportEntry.parameters(
          type: .hotp, secret: secret, counter: row.integer("counter") ?? 0)
      case nil: throw ExportEntry.Problem("the account has no type")
      case let type?: throw ExportEntry.Problem("unknown account type \(type)")
      }
      return NewAccount(issuer: issuer, name: name, otp: parameters)
    }
  }
}
