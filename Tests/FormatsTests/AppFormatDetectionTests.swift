import Domain
import Formats
import Foundation
import TestSupport
import Testing

@Suite(
  "Detecting stratum, authy, totp-authenticator, google-db, microsoft-db and authenticator-plus",
  .enabled(if: SharedFixtures.aegis != nil, "shared fixtures absent"))
struct AppFormatDetectionTests {
  @Test(
    "Each fixture of these formats is detected, imported and compared with its expectation",
    arguments: AppFormatFixtures.needing(nil))
  func importsExpectedAccounts(_ fixture: FormatFixture) throws {
    try AppFormatFixtures.expectImportsExpectedAccounts(fixture)
  }

  @Test(
    "The fixtures read through libargon2 are detected, imported and compared too", .requires(.argon2),
    arguments: AppFormatFixtures.needing(.argon2))
  func importsExpectedAccountsWithArgon2(_ fixture: FormatFixture) throws {
    try AppFormatFixtures.expectImportsExpectedAccounts(fixture)
  }

  @Test(
    "The fixtures read through libzip are detected, imported and compared too", .requires(.zip),
    arguments: AppFormatFixtures.needing(.zip))
  func importsExpectedAccountsWithZip(_ fixture: FormatFixture) throws {
    try AppFormatFixtures.expectImportsExpectedAccounts(fixture)
  }

  @Test("Exactly one of these importers recognises each of their fixtures", arguments: AppFormatFixtures.all)
  func recognisedByOneImporter(_ fixture: FormatFixture) throws {
    let file = try fixture.importFile()
    #expect(AppFormatFixtures.importers.filter { $0.recognizes(file) }.map(\.format) == [fixture.format])
  }

  @Test("None of these importers claims any other file of the shared fixtures", arguments: otherFixtures())
  func othersAreNotClaimed(_ path: String) throws {
    let file = ImportFile(name: path, bytes: [UInt8](try SharedFixtures.data(path)))
    #expect(AppFormatFixtures.importers.filter { $0.recognizes(file) }.map(\.format) == [])
  }

  @Test("Every format name is in the registry once, before the Key URI lists")
  func registryOrder() {
    let names = FormatRegistry.formats.map(\.format)
    for format in AppFormatFixtures.formats {
      #expect(names.filter { $0 == format }.count == 1)
      #expect(names.firstIndex(of: format)! < names.firstIndex(of: "uris")!)
    }
  }

  /// Every other file under `fixtures/aegis` (other formats, QR images, vaults, expectations).
  static func otherFixtures() -> [String] {
    guard let root = SharedFixtures.aegis,
      let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
    else { return [] }
    let mine = Set(AppFormatFixtures.all.map(\.file))
    var paths: [String] = []
    for case let url as URL in walker {
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
      let path = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
      if !mine.contains(path) { paths.append(path) }
    }
    return paths.sorted()
  }
}
