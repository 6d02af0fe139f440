import Codecs
import Domain

/// FreeOTP+ JSON exports (import-formats.md "FreeOTP+ JSON"): `{tokens:[…], tokenOrder:[…]}` with
/// secrets as signed byte arrays. The stored HOTP counter is the last one used, so the account
/// gets stored + 1, the next to use.
public struct FreeOTPPlusImporter: AccountImporter {
  /// The `--format` name.
  public let format = "freeotp-plus"

  /// Creates the importer.
  public init() {}

  /// A JSON object whose `tokens` array holds objects with a `secret` array.
  public func recognizes(_ file: ImportFile) -> Bool {
    guard ExportEntry.firstSignificantByte(file.bytes) == UInt8(ascii: "{"),
      let tokens = ExportEntry.document(file.bytes)?["tokens"]?.arrayValue
    else { return false }
    return tokens.allSatisfy { $0["secret"]?.arrayValue != nil }
  }

  /// Every token, in the order of the file.
  public func candidates(from file: ImportFile, password: ImportPassword) throws(ImportError)
    -> [ImportCandidate]
  {
    try ExportEntry.array("tokens", of: file, app: "FreeOTP+").enumerated().map { index, token in
      FreeOTPToken.candidate(token, counterOffset: 1, fallbackLabel: "entry \(index + 1)")
    }
  }
}
