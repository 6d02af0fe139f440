import Codecs
import Domain

/// Steam Guard `.maFile`s (import-formats.md "Steam Guard"): JSON with a Base64 `shared_secret`
/// at the top level, or one such object per account under `accounts`. Issuer `Steam`, name
/// `account_name`.
public struct SteamGuardImporter: AccountImporter {
  /// The `--format` name.
  public let format = "steam"

  /// Creates the importer.
  public init() {}

  /// A JSON object with `shared_secret`, or whose `accounts` object holds such objects.
  public func recognizes(_ file: ImportFile) -> Bool {
    guard ExportEntry.firstSignificantByte(file.bytes) == UInt8(ascii: "{"),
      let object = ExportEntry.document(file.bytes)?.objectValue
    else { return false }
    if object["shared_secret"]?.stringValue != nil { return true }
    guard let accounts = object["accounts"]?.objectValue, !accounts.isEmpty else { return false }
    return accounts.members.allSatisfy { $0.value["shared_secret"] != nil }
  }

  /// The file's account, or every account under `accounts`.
  public func candidates(from file: ImportFile, password: ImportPassword) throws(ImportError)
    -> [ImportCandidate]
  {
    guard let object = try ExportEntry.document(file.bytes, of: "Steam Guard").objectValue else {
      throw .unrecognized("\(file.name) is not a Steam Guard file: it is not a JSON object")
    }
    let accounts: [JSONValue]
    if object["shared_secret"] != nil {
      accounts = [.object(object)]
    } else if let nested = object["accounts"]?.objectValue {
      accounts = nested.members.map(\.value)
    } else {
      throw .damaged("the Steam Guard file has no shared_secret")
    }
    return accounts.enumerated().map { index, account in
      let name = account["account_name"]?.stringValue ?? ""
      return ExportEntry.candidate(label: ExportEntry.label(issuer: "Steam", name: name, position: index + 1))
      {
        () throws(ExportEntry.Problem) in
        let fields = try ExportEntry.Fields(account, what: "the account")
        guard let encoded = try fields.string("shared_secret") else {
          throw ExportEntry.Problem("the account has no shared_secret")
        }
        let secret: [UInt8]
        do throws(Base64.Error) {
          secret = try Base64.decode(encoded)
        } catch {
          throw ExportEntry.Problem("shared_secret is \(error.description)")
        }
        let parameters = try ExportEntry.parameters(type: .steam, secret: secret)
        return NewAccount(issuer: "Steam", name: name, otp: parameters)
      }
    }
  }
}
