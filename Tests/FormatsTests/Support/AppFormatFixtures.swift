import Data
import Domain
import Formats
import TestSupport
import Testing

/// The shared fixtures of the app-database and app-backup formats (stratum, authy,
/// totp-authenticator, google-db, microsoft-db, authenticator-plus), and the checks every one of
/// them goes through.
enum AppFormatFixtures {
  /// Every fixture of these formats in `fixtures/aegis`, with the format detection must find.
  static let all: [FormatFixture] = [
    .init(file: "stratum_plain.json", format: "stratum"),
    .init(file: "stratum_encrypted.bin", format: "stratum"),
    .init(file: "stratum_encrypted_legacy.bin", format: "stratum"),
    .init(file: "stratum_internal.db", format: "stratum"),
    .init(file: "authy_plain.xml", format: "authy"),
    .init(file: "authy_encrypted.xml", format: "authy"),
    .init(file: "totp_authenticator.bin", format: "totp-authenticator"),
    .init(file: "totp_authenticator_internal.xml", format: "totp-authenticator"),
    .init(file: "google_authenticator.sqlite", format: "google-db"),
    .init(file: "microsoft_authenticator.sqlite", format: "microsoft-db"),
    .init(file: "authenticator_plus.zip", format: "authenticator-plus"),
  ]

  /// The fixtures read through an optional library, and which.
  static let libraries: [String: OptionalDependency] = [
    "stratum_encrypted.bin": .argon2, "authenticator_plus.zip": .zip,
  ]

  /// The fixtures read through `library`, or through none when nil.
  static func needing(_ library: OptionalDependency?) -> [FormatFixture] {
    all.filter { libraries[$0.file] == library }
  }

  /// The formats these fixtures are in.
  static let formats: Set<String> = Set(all.map(\.format))

  /// The registry as the composition root builds it: Aegis, then every Formats importer.
  static let registry = FormatRegistry(importers: [AegisVaultImporter()] + FormatRegistry.formats)

  /// The importers of these formats, from the registry.
  static var importers: [any AccountImporter] {
    FormatRegistry.formats.filter { formats.contains($0.format) }
  }

  /// The fixtures of one format.
  static func of(_ format: String) -> [FormatFixture] { all.filter { $0.format == format } }

  /// The registry's importer for `format`.
  static func importer(_ format: String) throws -> any AccountImporter {
    try #require(registry.importer(named: format))
  }

  /// Detects `fixture`'s format from its content, imports it with its password from
  /// `expected/<file>.expected.json`, and compares the accounts, in order and count.
  static func expectImportsExpectedAccounts(_ fixture: FormatFixture) throws {
    let file = try fixture.importFile()
    let importer = try registry.detect(file)
    #expect(importer.format == fixture.format)
    let (password, expected) = try fixture.expectation()
    let candidates = try importer.candidates(
      from: file, password: password.map(FormatFixture.password) ?? .none)
    #expect(candidates.compactMap(\.problem) == [])
    #expect(candidates.count == expected.count)
    #expect(candidates.compactMap(\.account).map(FixtureAccount.init) == expected)
  }

  /// A password source that records that it was asked and then has none.
  static let refusingPassword = ImportPassword { () throws(ImportError) in
    Issue.record("the importer asked for a password it does not need")
    throw .passwordRequired
  }

  /// `bytes` with every occurrence of `old` (UTF-8) replaced by `new`.
  static func replacing(_ old: String, with new: String, in bytes: [UInt8]) -> [UInt8] {
    let (old, new) = (Array(old.utf8), Array(new.utf8))
    var output: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index...].starts(with: old) {
        output += new
        index += old.count
      } else {
        output.append(bytes[index])
        index += 1
      }
    }
    return output
  }

  /// `bytes` with the byte at `offset` (from the end when negative) inverted.
  static func flipping(_ offset: Int, in bytes: [UInt8]) -> [UInt8] {
    var bytes = bytes
    let index = offset < 0 ? bytes.count + offset : offset
    bytes[index] ^= 0xFF
    return bytes
  }
}
