import Codecs
import Crypto
import Domain

/// Stratum / Authenticator Pro (import-formats.md "Stratum / Authenticator Pro"): a plain JSON
/// backup with `Authenticators[]`, the same encrypted (`AUTHENTICATORPRO`: Argon2id and
/// AES-256-GCM; legacy `AuthenticatorPro`: PBKDF2-HMAC-SHA1 and AES-256-CBC), or the app's
/// internal SQLite database (table `authenticator`).
public struct StratumImporter: AccountImporter {
  /// The `--format` name.
  public let format = "stratum"

  /// The columns of the internal database's `authenticator` table that are read.
  static let columns: Set<String> = [
    "type", "issuer", "username", "secret", "algorithm", "digits", "period", "counter",
  ]

  let argon2Libraries: [String]

  /// Creates the importer; `argon2Libraries` are the names libargon2 is loaded by.
  public init(argon2Libraries: [String] = Argon2.libraryNames) {
    self.argon2Libraries = argon2Libraries
  }

  /// Either header, a SQLite database with Stratum's `authenticator` table, or a JSON object
  /// with an `Authenticators` array.
  public func recognizes(_ file: ImportFile) -> Bool {
    if file.bytes.starts(with: Self.header) || file.bytes.starts(with: Self.legacyHeader) { return true }
    if SQLiteDatabase.looksLikeDatabase(file.bytes) {
      return SQLiteDatabase.has(table: "authenticator", columns: Self.columns, in: file.bytes)
    }
    guard ExportEntry.firstSignificantByte(file.bytes) == UInt8(ascii: "{"),
      let object = ExportEntry.document(file.bytes)?.objectValue
    else { return false }
    return object["Authenticators"]?.arrayValue != nil
  }

  /// Every authenticator of the backup or database, decrypting first when the file is encrypted.
  public func candidates(from file: ImportFile, password: ImportPassword) throws(ImportError)
    -> [ImportCandidate]
  {
    guard !file.bytes.isEmpty else { throw .empty }
    if SQLiteDatabase.looksLikeDatabase(file.bytes) {
      let rows = try SQLiteDatabase.rows(
        of: "authenticator", columns: Self.columns, in: file, app: "Stratum")
      return rows.enumerated().map { index, row in StratumEntry(row).candidate(position: index + 1) }
    }
    let backup: JSONObject
    if file.bytes.starts(with: Self.header) {
      backup = try decrypt(file.bytes, password: password)
    } else if file.bytes.starts(with: Self.legacyHeader) {
      backup = try decryptLegacy(file.bytes, password: password)
    } else {
      guard ExportEntry.firstSignificantByte(file.bytes) == UInt8(ascii: "{") else {
        throw .unrecognized("\(file.name) is not a Stratum backup: it is neither JSON nor encrypted")
      }
      guard let object = try ExportEntry.document(file.bytes, of: "Stratum").objectValue,
        object["Authenticators"] != nil
      else { throw .unrecognized("\(file.name) is not a Stratum backup: it has no Authenticators list") }
      backup = object
    }
    guard let entries = backup["Authenticators"]?.arrayValue else {
      throw .damaged("the Stratum backup's Authenticators is not a list")
    }
    return entries.enumerated().map { index, entry in
      StratumEntry(entry).candidate(position: index + 1)
    }
  }
}
