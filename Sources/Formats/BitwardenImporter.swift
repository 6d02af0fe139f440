import Codecs
import Domain
import OTP

/// Bitwarden's unencrypted exports (import-formats.md "Bitwarden"): JSON `items[].login.totp` or
/// the CSV column `login_totp`, each a Key URI, `steam://SECRET` or a bare Base32 secret. Items
/// without a TOTP field are passwords only and are left out.
public struct BitwardenImporter: AccountImporter {
  /// The `--format` name.
  public let format = "bitwarden"

  /// One login that carries a TOTP field.
  private struct Login {
    var position: Int
    var itemName: String
    var username: String
    var totp: String
  }

  /// Creates the importer.
  public init() {}

  /// A JSON object with an `items` array (or Bitwarden's encrypted-export marker), or CSV text
  /// whose header has a `login_totp` column.
  public func recognizes(_ file: ImportFile) -> Bool {
    if ExportEntry.firstSignificantByte(file.bytes) == UInt8(ascii: "{") {
      guard let object = ExportEntry.document(file.bytes)?.objectValue else { return false }
      return object["items"]?.arrayValue != nil
        || (object["encrypted"]?.boolValue == true && object["passwordProtected"] != nil)
    }
    guard String(validating: file.bytes, as: UTF8.self) != nil,
      let header = file.bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 1).first
    else { return false }
    return String(decoding: header, as: UTF8.self).split(separator: ",").contains {
      $0.trimmingQuotes() == "login_totp"
    }
  }

  /// One candidate per login with a TOTP field.
  public func candidates(from file: ImportFile, password: ImportPassword) throws(ImportError)
    -> [ImportCandidate]
  {
    guard ExportEntry.firstSignificantByte(file.bytes) != nil else { throw .empty }
    let logins =
      ExportEntry.firstSignificantByte(file.bytes) == UInt8(ascii: "{")
      ? try Self.jsonLogins(file) : try Self.csvLogins(file)
    return logins.map(Self.candidate)
  }

  private static func jsonLogins(_ file: ImportFile) throws(ImportError) -> [Login] {
    guard let object = try ExportEntry.document(file.bytes, of: "Bitwarden").objectValue else {
      throw .unrecognized("\(file.name) is not a Bitwarden export")
    }
    if object["encrypted"]?.boolValue == true {
      throw .unrecognized(
        "\(file.name) is a password-protected Bitwarden export: export it unencrypted (JSON or CSV)")
    }
    guard let items = object["items"]?.arrayValue else {
      throw .damaged("the Bitwarden export has no items array")
    }
    return items.enumerated().compactMap { index, item in
      guard let totp = item["login"]?["totp"]?.stringValue, !totp.trimmingWhitespace().isEmpty else {
        return nil
      }
      return Login(
        position: index + 1, itemName: item["name"]?.stringValue ?? "",
        username: item["login"]?["username"]?.stringValue ?? "", totp: totp)
    }
  }

  private static func csvLogins(_ file: ImportFile) throws(ImportError) -> [Login] {
    guard let text = String(validating: file.bytes, as: UTF8.self) else {
      throw .unrecognized("\(file.name) is not a Bitwarden export: it is neither JSON nor CSV text")
    }
    let rows: [[String]]
    do throws(CSV.Failure) {
      rows = try CSV.parse(text)
    } catch {
      throw .damaged("the Bitwarden CSV has a quoted field that never ends")
    }
    guard let header = rows.first?.map({ String($0.trimmingWhitespace()) }),
      let totpColumn = header.firstIndex(of: "login_totp")
    else { throw .unrecognized("\(file.name) is not a Bitwarden export: no login_totp column") }
    let nameColumn = header.firstIndex(of: "name")
    let usernameColumn = header.firstIndex(of: "login_username")
    func field(_ row: [String], _ column: Int?) -> String {
      guard let column, column < row.count else { return "" }
      return row[column]
    }
    return rows.dropFirst().enumerated().compactMap { index, row in
      let totp = field(row, totpColumn)
      guard !totp.trimmingWhitespace().isEmpty else { return nil }
      return Login(
        position: index + 1, itemName: field(row, nameColumn), username: field(row, usernameColumn),
        totp: totp)
    }
  }

  private static func candidate(_ login: Login) -> ImportCandidate {
    let fallback = ExportEntry.label(issuer: login.itemName, name: login.username, position: login.position)
    return ExportEntry.candidate(label: fallback) { () throws(ExportEntry.Problem) in
      let totp = String(login.totp.trimmingWhitespace())
      let lowercased = totp.lowercased()
      if lowercased.hasPrefix("steam://") {
        var account = try ExportEntry.account(uri: totp)
        account.name = login.username.isEmpty ? "Steam account" : login.username
        return account
      }
      if lowercased.hasPrefix("otpauth://") || lowercased.hasPrefix("motp://") {
        var account = try ExportEntry.account(uri: totp)
        if account.issuer.isEmpty && account.name.isEmpty {
          account.issuer = login.itemName
          account.name = login.username
        }
        return account
      }
      let parameters = try ExportEntry.parameters(type: .totp, secret: try ExportEntry.base32(totp))
      return NewAccount(issuer: login.itemName, name: login.username, otp: parameters)
    }
  }
}

extension Substring {
  /// The text without one pair of surrounding double quotes and surrounding whitespace.
  fileprivate func trimmingQuotes() -> Substring {
    let trimmed = String(self).trimmingWhitespace()
    guard trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") else { return trimmed }
    return trimmed.dropFirst().dropLast()
  }
}
