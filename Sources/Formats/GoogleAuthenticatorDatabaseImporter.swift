import Domain
import OTP

/// Google Authenticator's internal SQLite database (`databases/databases`, import-formats.md
/// "Google Authenticator / Microsoft Authenticator databases"): `accounts(email, secret,
/// counter, type 0 TOTP / 1 HOTP, issuer)`, every account SHA1, 6 digits, 30 s.
public struct GoogleAuthenticatorDatabaseImporter: AccountImporter {
  /// The `--format` name.
  public let format = "google-db"

  /// The table of accounts and how its rows read.
  static let accounts = SQLiteAccountsTable(
    app: "Google Authenticator", table: "accounts", columns: ["email", "secret", "type"], label: label,
    parameters: parameters)

  /// Creates the importer.
  public init() {}

  /// A SQLite database whose `accounts` table has `email`, `secret` and `type`.
  public func recognizes(_ file: ImportFile) -> Bool { Self.accounts.recognizes(file) }

  /// Every row of `accounts`.
  public func candidates(from file: ImportFile, password: ImportPassword) throws(ImportError)
    -> [ImportCandidate]
  {
    try Self.accounts.candidates(from: file)
  }

  /// `email` is the account name, or `Issuer:name` when the app wrote the label whole.
  private static func label(_ row: SQLiteDatabase.Row) -> (issuer: String, name: String) {
    var name = row.text("email") ?? ""
    var issuer = row.text("issuer") ?? ""
    let parts = name.split(separator: ":", omittingEmptySubsequences: false)
    if parts.count == 2 {
      if issuer.isEmpty { issuer = String(parts[0]) }
      name = String(parts[1].drop { $0 == " " })
    }
    return (issuer, name)
  }

  private static func parameters(_ row: SQLiteDatabase.Row) throws(ExportEntry.Problem) -> OTPParameters {
    if (row.integer("isencrypted") ?? 0) > 0 {
      throw ExportEntry.Problem("Google Authenticator encrypted this secret with a key only the phone has")
    }
    guard let text = row.text("secret"), !text.isEmpty else {
      throw ExportEntry.Problem("the account has no secret")
    }
    let secret = try ExportEntry.base32(text)
    switch row.integer("type") {
    case 0?: return try ExportEntry.parameters(type: .totp, secret: secret)
    case 1?:
      return try ExportEntry.parameters(type: .hotp, secret: secret, counter: row.integer("counter") ?? 0)
    case let type: throw SQLiteAccountsTable.unknownType(type)
    }
  }
}
