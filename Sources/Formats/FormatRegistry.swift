import Domain

/// The importers of every other app's format, and detection from content.
public struct FormatRegistry: Sendable {
  /// The importers in detection order: the most specific signatures first, URI lists last.
  public let importers: [any AccountImporter]

  /// A registry over `importers` (the composition root adds Data's Aegis importer).
  public init(importers: [any AccountImporter]) { self.importers = importers }

  /// The importers this target provides, in detection order: magic bytes, then shared-preferences
  /// XML keys, then JSON keys; andOTP (whose encrypted backups are opaque bytes) after every other
  /// binary format; Key URI lists last.
  public static let formats: [any AccountImporter] = [
    StratumImporter(),
    AuthenticatorPlusImporter(),
    GoogleAuthenticatorDatabaseImporter(),
    MicrosoftAuthenticatorDatabaseImporter(),
    AuthyImporter(),
    TOTPAuthenticatorImporter(),
    FreeOTP2Importer(),
    BattleNetImporter(),
    FreeOTPImporter(),
    TwoFASImporter(),
    FreeOTPPlusImporter(),
    BitwardenImporter(),
    ProtonAuthenticatorImporter(),
    SteamGuardImporter(),
    DuoImporter(),
    AndOTPImporter(),
    KeyURIListImporter.google,
    KeyURIListImporter.uris,
  ]

  /// Every `--format` name, for help and messages.
  public var names: [String] { importers.map(\.format) }

  /// The importer for `--format NAME`.
  public func importer(named name: String) -> (any AccountImporter)? {
    importers.first { $0.format == name }
  }

  /// The first importer that recognises the content.
  public func detect(_ file: ImportFile) throws(ImportError) -> any AccountImporter {
    guard !file.bytes.isEmpty else { throw .empty }
    guard let importer = importers.first(where: { $0.recognizes(file) }) else {
      throw .unrecognized("\(file.name) is in no format Twofold knows; name one with --format")
    }
    return importer
  }
}
