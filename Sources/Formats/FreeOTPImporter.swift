import Codecs
import Domain

/// FreeOTP 1's `tokens.xml` and FreeOTP+'s internal copy of it (import-formats.md "FreeOTP 1"):
/// Android shared preferences whose strings are token JSON, keyed `Issuer:Label`, beside a
/// `tokenOrder` list. Stored HOTP counters are the last used, so accounts get stored + 1.
public struct FreeOTPImporter: AccountImporter {
  /// The `--format` name.
  public let format = "freeotp"

  private static let orderKey = "tokenOrder"

  /// Creates the importer.
  public init() {}

  /// Shared preferences whose every string but `tokenOrder` is token JSON with a `secret` array.
  public func recognizes(_ file: ImportFile) -> Bool {
    guard let entries = try? SharedPreferences.parse(file.bytes) else { return false }
    let tokens = entries.filter { $0.name != Self.orderKey }
    return !tokens.isEmpty
      && tokens.allSatisfy {
        ExportEntry.document(Array($0.value.utf8))?["secret"]?.arrayValue != nil
      }
  }

  /// Every token, in the order of the file.
  public func candidates(from file: ImportFile, password: ImportPassword) throws(ImportError)
    -> [ImportCandidate]
  {
    guard ExportEntry.firstSignificantByte(file.bytes) != nil else { throw .empty }
    let entries = try SharedPreferences.entries(
      of: file, notPreferences: "\(file.name) is not FreeOTP's tokens.xml: no shared-preferences map",
      malformed: { _ in "the FreeOTP tokens.xml is not well-formed" })
    return entries.filter { $0.name != Self.orderKey }.enumerated().map { index, entry in
      let label = entry.name.isEmpty ? "entry \(index + 1)" : entry.name
      guard let token = ExportEntry.document(Array(entry.value.utf8)) else {
        return .failed(label, "the token is not valid JSON")
      }
      return FreeOTPToken.candidate(token, counterOffset: 1, fallbackLabel: label)
    }
  }
}
