import Domain
import OTP

/// An app's table of accounts in its SQLite database (import-formats.md "Google Authenticator /
/// Microsoft Authenticator databases"), read into one candidate a row: the importers of those
/// databases differ only in the table's columns and what a row means.
struct SQLiteAccountsTable: Sendable {
  /// The app that writes the database, as import errors name it.
  let app: String
  /// The table of accounts.
  let table: String
  /// The columns the table must have to be recognized.
  let columns: Set<String>
  /// The issuer and account name of a row.
  let label: @Sendable (SQLiteDatabase.Row) -> (issuer: String, name: String)
  /// The code parameters of a row, or why it cannot be imported.
  let parameters: @Sendable (SQLiteDatabase.Row) throws(ExportEntry.Problem) -> OTPParameters

  /// Whether `file` is a SQLite database whose table has the columns.
  func recognizes(_ file: ImportFile) -> Bool {
    SQLiteDatabase.has(table: table, columns: columns, in: file.bytes)
  }

  /// Every row of the table as a candidate, in the order of the table.
  func candidates(from file: ImportFile) throws(ImportError) -> [ImportCandidate] {
    let rows = try SQLiteDatabase.rows(of: table, columns: columns, in: file, app: app)
    return rows.enumerated().map { index, row in
      let (issuer, name) = label(row)
      return ExportEntry.candidate(label: ExportEntry.label(issuer: issuer, name: name, position: index + 1))
      {
        () throws(ExportEntry.Problem) in
        NewAccount(issuer: issuer, name: name, otp: try parameters(row))
      }
    }
  }

  /// Why a row whose type column is `type` has no parameters: the type is missing or unknown.
  static func unknownType(_ type: Int64?) -> ExportEntry.Problem {
    guard let type else { return ExportEntry.Problem("the account has no type") }
    return ExportEntry.Problem("unknown account type \(type)")
  }
}
