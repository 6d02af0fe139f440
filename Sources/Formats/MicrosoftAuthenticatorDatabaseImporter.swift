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

  /// The columns of `accounts` that are read.
  static let columns: Set<String> = ["name", "username", "oath_secret_key", "account_type"]

  /// Creates the importer.
  public init() {}

  /// A SQLite database whose `accounts` table has `oath_secret_key` and `account_type`.
  public func recognizes(_ file: ImportFile) -> Bool {
    SQLiteDatabase.has(table: "accounts", columns: Self.columns, in: file.bytes)
  }

  /// Every row of `accounts`; work or school accounts (type 2) carry no code secret and fail.
  public func candidates(from file: ImportFile, password: ImportPassword) throws(ImportError)
    -> [ImportCandidate]
  {
    let rows = try SQLiteDatabase.rows(
      of: "accounts", columns: Self.columns, in: file, app: "Microsoft Authenticator")
    return rows.enumerated().map { index, row in Self.candidate(row, position: index + 1) }
  }

  private static func candidate(_ row: SQLiteDatabase.Row, position: Int) -> ImportCandidate {
    let issuer = row.text("name") ?? ""
    let name = row.text("username") ?? ""
    return ExportEntry.candidate(label: ExportEntry.label(issuer: issuer, name: name, position: position)) {
      () throws(ExportEntry.Problem) in
      let text = row.text("oath_secret_key") ?? ""
      let parameters: OTPParameters
      switch row.integer("account_type") {
      case 0?:
        guard !text.isEmpty else { throw ExportEntry.Problem("the account has no secret") }
        parameters = try ExportEntry.parameters(type: .totp, secret: try ExportEntry.base32(text))
      case 1?:
        guard !text.isEmpty else { throw ExportEntry.Problem("the account has no secret") }
        let secret: [UInt8]
        do throws(Base64.Error) {
          secret = try Base64.decode(text)
        } catch {
          throw ExportEntry.Problem("the Microsoft account's secret is not Base64")
        }
        parameters = try ExportEntry.parameters(type: .totp, secret: secret, digits: 8)
      case 2?:
        throw ExportEntry.Problem("a work or school account signs in by notification and has no code secret")
      case nil: throw ExportEntry.Problem("the account has no type")
      case let type?: throw ExportEntry.Problem("unknown account type \(type)")
      }
      return NewAccount(issuer: issuer, name: name, otp: parameters)
    }
  }
}
