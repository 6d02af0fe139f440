import Codecs
import Domain

/// Proton Authenticator exports (import-formats.md "Proton Authenticator"):
/// `{entries:[{content:{name, uri}}]}`; the name is `content.name`, everything else the URI's.
public struct ProtonAuthenticatorImporter: AccountImporter {
  /// The `--format` name.
  public let format = "proton"

  /// Creates the importer.
  public init() {}

  /// A JSON object whose `entries` are objects with a `content` object.
  public func recognizes(_ file: ImportFile) -> Bool {
    guard ExportEntry.firstSignificantByte(file.bytes) == UInt8(ascii: "{"),
      let document = ExportEntry.document(file.bytes),
      let entries = document["entries"]?.arrayValue
    else { return false }
    guard !entries.isEmpty else { return document["version"] != nil && document["header"] == nil }
    return entries.allSatisfy { $0["content"]?.objectValue != nil }
  }

  /// Every entry, in the order of the file.
  public func candidates(from file: ImportFile, password: ImportPassword) throws(ImportError)
    -> [ImportCandidate]
  {
    try ExportEntry.array("entries", of: file, app: "Proton Authenticator").enumerated().map { index, entry in
      let name = entry["content"]?["name"]?.stringValue ?? ""
      return ExportEntry.candidate(label: name.isEmpty ? "entry \(index + 1)" : name) {
        () throws(ExportEntry.Problem) in
        let fields = try ExportEntry.Fields(entry)
        guard let content = try fields.object("content") else {
          throw ExportEntry.Problem("the entry has no content")
        }
        guard let uri = try content.string("uri") else { throw ExportEntry.Problem("the entry has no uri") }
        var account = try ExportEntry.account(uri: uri)
        if !name.isEmpty { account.name = name }
        return account
      }
    }
  }
}
