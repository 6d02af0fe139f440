import Domain
import OTP

/// Plain text with one Key URI per line (plain exports, Ente Auth, WinAuth, Authenticator Plus'
/// Accounts.txt), and Google Authenticator transfer URIs. Blank lines and `#` comments are skipped.
public struct KeyURIListImporter: AccountImporter {
  /// `uris` reads every kind of line; `google` only transfer URIs.
  public let format: String
  private let migrationOnly: Bool

  /// The `uris` importer.
  public static let uris = KeyURIListImporter(format: "uris", migrationOnly: false)
  /// The `google` importer.
  public static let google = KeyURIListImporter(format: "google", migrationOnly: true)

  /// True when every meaningful line is a URI this importer reads.
  public func recognizes(_ file: ImportFile) -> Bool {
    guard let text = String(validating: file.bytes, as: UTF8.self) else { return false }
    let lines = Self.meaningfulLines(text).map { $0.text.lowercased() }
    guard !lines.isEmpty else { return false }
    if migrationOnly { return lines.allSatisfy { $0.hasPrefix("otpauth-migration://") } }
    return lines.allSatisfy {
      $0.hasPrefix("otpauth://") || $0.hasPrefix("motp://") || $0.hasPrefix("otpauth-migration://")
    }
  }

  /// One candidate per URI line (several per transfer URI).
  public func candidates(from file: ImportFile, password: ImportPassword) throws(ImportError)
    -> [ImportCandidate]
  {
    guard !file.bytes.isEmpty else { throw .empty }
    guard let text = String(validating: file.bytes, as: UTF8.self) else {
      throw .unrecognized("\(file.name) is not text")
    }
    return try Self.candidates(fromText: text, migrationOnly: migrationOnly)
  }

  /// The candidates of a text of Key URI lines.
  public static func candidates(fromText text: String, migrationOnly: Bool = false) throws(ImportError)
    -> [ImportCandidate]
  {
    let lines = meaningfulLines(text)
    guard !lines.isEmpty else { throw .empty }
    var candidates: [ImportCandidate] = []
    for (number, line) in lines {
      if line.lowercased().hasPrefix("otpauth-migration://") {
        do throws(ImportError) {
          candidates += try GoogleMigration.decode(line).candidates
        } catch {
          candidates.append(.failed("line \(number)", error.description))
        }
        continue
      }
      guard !migrationOnly else {
        candidates.append(.failed("line \(number)", "not an otpauth-migration:// URI"))
        continue
      }
      do throws(KeyURI.Error) {
        candidates.append(.account(NewAccount(try KeyURI(parsing: line))))
      } catch {
        candidates.append(.failed("line \(number)", error.description))
      }
    }
    return candidates
  }

  static func meaningfulLines(_ text: String) -> [(number: Int, text: String)] {
    text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
      let trimmed = String(String(line).trimmingWhitespace())
      if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
      return (index + 1, trimmed)
    }
  }
}
