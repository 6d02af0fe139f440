import Codecs
import Domain
import OTP

/// Microsoft Authenticator's internal SQLite database (`databases/PhoneFactor`, import-formats.md
/// "Google Authenticator / Microsoft Authenticator databases"): `accounts(name = issuer,
/// username, oath_secret_key, account_type)`; type 0 is TOTP with a Base32 secret, type 1 a
/// Microsoft account with a Base64 secret and 8 digits; both SHA1, 30 s.
public struct MicrosoftAuthenticatorDatabaseImporter: AccountImporter {
  /// The `--format` name.
  public let format = "microsoft-db"

  /// The table of accounts and how its rows read.
  static let accounts = SQLiteAccountsTable(
    app: "Microsoft Authenticator", table: "accounts",
    columns: ["name", "username", "oath_secret_key", "account_type"],
    label: { row in (row.text("name") ?? "", row.text("username") ?? "") }, parameters: parameters)

  /// Creates the importer.
  public init() {}

  /// A SQLite database whose `accounts` table has `oath_secret_key` and `account_type`.
  public func recognizes(_ file: ImportFile) -> Bool { Self.accounts.recognizes(file) }

  /// Every row of `accounts`; work or school accounts (type 2) carry no code secret and fail.
  public func candidates(from file: ImportFile, password: ImportPassword) throws(ImportError)
    -> [ImportCandidate]
  {
    try Self.accounts.candidates(from: file)
  }

  private static func parameters(_ row: SQLiteDatabase.Row) throws(ExportEntry.Problem) -> OTPParameters {
    let text = row.text("oath_secret_key") ?? ""
    switch row.integer("account_type") {
    case 0?:
      guard !text.isEmpty else { throw ExportEntry.Problem("the account has no secret") }
      return try ExportEntry.parameters(type: .totp, secret: try ExportEntry.base32(text))
    case 1?:
      guard !text.isEmpty else { throw ExportEntry.Problem("the account has no secret") }
      let secret: [UInt8]
      do throws(Base64.Error) {
        secret = try Base64.decode(text)
      } catch {
        throw ExportEntry.Problem("the Microsoft account's secret is not Base64")
      }
      return try ExportEntry.parameters(type: .totp, secret: secret, digits: 8)
    case 2?:
      throw ExportEntry.Problem("a work or school account signs in by notification and has no code secret")
    case let type: throw SQLiteAccountsTable.unknownType(type)
    }
  }
}
