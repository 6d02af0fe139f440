import Codecs
import Domain

/// Duo Mobile's `accounts.json` (import-formats.md "Duo"): `[{name, otpGenerator: {otpSecret,
/// counter?}}]`. A counter makes the account HOTP, kept as stored; the issuer is empty.
public struct DuoImporter: AccountImporter {
  /// The `--format` name.
  public let format = "duo"

  /// Creates the importer.
  public init() {}

  /// A non-empty JSON array of objects that each have an `otpGenerator` object.
  public func recognizes(_ file: ImportFile) -> Bool {
    guard ExportEntry.firstSignificantByte(file.bytes) == UInt8(ascii: "["),
      let accounts = ExportEntry.document(file.bytes)?.arrayValue, !accounts.isEmpty
    else { return false }
    return accounts.allSatisfy { $0["otpGenerator"]?.objectValue != nil }
  }

  /// Every account, in the order of the file.
  public func candidates(from file: ImportFile, password: ImportPassword) throws(ImportError)
    -> [ImportCandidate]
  {
    guard let accounts = try ExportEntry.document(file.bytes, of: "Duo").arrayValue else {
      throw .unrecognized("\(file.name) is not a Duo accounts file: it is not a JSON array")
    }
    return accounts.enumerated().map { index, account in
      let name = account["name"]?.stringValue ?? ""
      return ExportEntry.candidate(label: name.isEmpty ? "entry \(index + 1)" : name) {
        () throws(ExportEntry.Problem) in
        let fields = try ExportEntry.Fields(account, what: "the account")
        guard let generator = try fields.object("otpGenerator") else {
          throw ExportEntry.Problem("the account has no otpGenerator")
        }
        guard let encoded = try generator.string("otpSecret") else {
          throw ExportEntry.Problem("the account has no otpSecret")
        }
        let secret = try ExportEntry.base32(encoded)
        let parameters =
          if let counter = try generator.integer("counter") {
            try ExportEntry.parameters(type: .hotp, secret: secret, counter: counter)
          } else {
            try ExportEntry.parameters(type: .totp, secret: secret)
          }
        return NewAccount(issuer: "", name: try fields.string("name") ?? "", otp: parameters)
      }
    }
  }
}
