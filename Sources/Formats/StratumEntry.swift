import Codecs
import Domain
import OTP

/// One Stratum authenticator, from a backup's JSON or a row of the app's database: `Type` 1 HOTP,
/// 2 TOTP, 4 Steam (3 mOTP and 5 Yandex are not read); `Algorithm` 0/1/2 = SHA1/256/512.
struct StratumEntry {
  private var type: Int64?
  private var issuer: String
  private var username: String
  private var secret: String?
  private var algorithm: Int64?
  private var digits: Int64?
  private var period: Int64?
  private var counter: Int64?
  /// Why the entry's fields cannot be read, when they cannot.
  private var problem: ExportEntry.Problem?

  /// An entry of a backup's `Authenticators` list.
  init(_ value: JSONValue) {
    let fields = value.objectValue.map(ExportEntry.Fields.init)
    issuer = (try? fields?.string("Issuer")) ?? ""
    username = (try? fields?.string("Username")) ?? ""
    do throws(ExportEntry.Problem) {
      let fields = try ExportEntry.Fields(value)
      type = try fields.integer("Type")
      secret = try fields.string("Secret")
      algorithm = try fields.integer("Algorithm")
      digits = try fields.integer("Digits")
      period = try fields.integer("Period")
      counter = try fields.integer("Counter")
    } catch {
      problem = error
    }
  }

  /// A row of the internal database's `authenticator` table.
  init(_ row: SQLiteDatabase.Row) {
    type = row.integer("type")
    issuer = row.text("issuer") ?? ""
    username = row.text("username") ?? ""
    secret = row.text("secret")
    algorithm = row.integer("algorithm")
    digits = row.integer("digits")
    period = row.integer("period")
    counter = row.integer("counter")
  }

  /// The account, or why there is none.
  func candidate(position: Int) -> ImportCandidate {
    ExportEntry.candidate(label: ExportEntry.label(issuer: issuer, name: username, position: position)) {
      () throws(ExportEntry.Problem) in
      if let problem { throw problem }
      guard let secret, !secret.isEmpty else { throw ExportEntry.Problem("the entry has no secret") }
      let bytes = try ExportEntry.base32(secret)
      let algorithmName: String
      switch algorithm ?? 0 {
      case 0: algorithmName = "SHA1"
      case 1: algorithmName = "SHA256"
      case 2: algorithmName = "SHA512"
      case let number: throw ExportEntry.Problem("unknown algorithm number \(number)")
      }
      let parameters: OTPParameters
      switch type {
      case 1?:
        parameters = try ExportEntry.parameters(
          type: .hotp, secret: bytes, algorithm: algorithmName, digits: digits, counter: counter ?? 0)
      case 2?:
        parameters = try ExportEntry.parameters(
          type: .totp, secret: bytes, algorithm: algorithmName, digits: digits, period: period)
      case 4?:
        parameters = try ExportEntry.parameters(type: .steam, secret: bytes, period: period)
      case 3?: throw ExportEntry.Problem("Stratum mOTP entries (type 3) are not supported")
      case 5?: throw ExportEntry.Problem("Stratum Yandex entries (type 5) are not supported")
      case nil: throw ExportEntry.Problem("the entry has no type")
      case let number?: throw ExportEntry.Problem("unknown entry type \(number)")
      }
      return NewAccount(issuer: issuer, name: username, otp: parameters)
    }
  }
}
