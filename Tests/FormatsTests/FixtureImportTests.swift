import Data
import Domain
import Formats
import Foundation
import TestSupport
import Testing

@Suite("Importing the shared fixtures", .enabled(if: SharedFixtures.aegis != nil, "shared fixtures absent"))
struct FixtureImportTests {
  /// The formats these tests cover.
  static let formats: Set<String> = Set(FormatFixture.all.map(\.format))

  /// The registry as the composition root builds it: Aegis, then every Formats importer.
  static let registry = FormatRegistry(importers: [AegisVaultImporter()] + FormatRegistry.formats)

  /// This suite's importers, from the registry.
  static var importers: [any AccountImporter] {
    FormatRegistry.formats.filter { formats.contains($0.format) }
  }

  @Test(
    "Each fixture is detected from its content and imports its expected accounts, in order",
    arguments: FormatFixture.all)
  func importsExpectedAccounts(_ fixture: FormatFixture) throws {
    let file = try fixture.importFile()
    let importer = try Self.registry.detect(file)
    #expect(importer.format == fixture.format)
    let (password, expected) = try fixture.expectation()
    let candidates = try importer.candidates(
      from: file, password: password.map(FormatFixture.password) ?? .none)
    #expect(candidates.compactMap(\.problem).isEmpty)
    #expect(candidates.count == expected.count)
    #expect(candidates.compactMap(\.account).map(FixtureAccount.init) == expected)
  }

  @Test("Exactly one of these importers recognises each fixture", arguments: FormatFixture.all)
  func recognisedByOneImporter(_ fixture: FormatFixture) throws {
    let file = try fixture.importFile()
    #expect(Self.importers.filter { $0.recognizes(file) }.map(\.format) == [fixture.format])
  }

  @Test("None of these importers claims another format's fixture", arguments: Self.otherFixtures())
  func othersAreNotClaimed(_ path: String) throws {
    let file = ImportFile(name: path, bytes: [UInt8](try SharedFixtures.data(path)))
    #expect(Self.importers.filter { $0.recognizes(file) }.map(\.format) == [])
  }

  @Test(
    "An encrypted fixture with a wrong password is a wrong-password error", arguments: FormatFixture.encrypted
  )
  func wrongPassword(_ fixture: FormatFixture) throws {
    let file = try fixture.importFile()
    let importer = try #require(Self.importers.first { $0.format == fixture.format })
    #expect(throws: ImportError.wrongPassword) {
      try importer.candidates(from: file, password: FormatFixture.password("not the password"))
    }
  }

  @Test("An encrypted fixture without a password source asks for one", arguments: FormatFixture.encrypted)
  func passwordRequired(_ fixture: FormatFixture) throws {
    let file = try fixture.importFile()
    let importer = try #require(Self.importers.first { $0.format == fixture.format })
    #expect(throws: ImportError.passwordRequired) { try importer.candidates(from: file, password: .none) }
  }

  @Test("A plain fixture is read without asking for a password")
  func plainFilesNeverAsk() throws {
    let asking = ImportPassword { () throws(ImportError) in
      Issue.record("a plain file asked for its password")
      throw .passwordRequired
    }
    let plain = FormatFixture.all.filter { fixture in
      !FormatFixture.encrypted.contains { $0.file == fixture.file }
    }
    #expect(plain.count == 15)
    for fixture in plain {
      let file = try fixture.importFile()
      let importer = try #require(Self.importers.first { $0.format == fixture.format })
      _ = try importer.candidates(from: file, password: asking)
    }
  }

  /// Every other file under `fixtures/aegis` (other formats, QR images, vaults, expectations).
  static func otherFixtures() -> [String] {
    guard let root = SharedFixtures.aegis,
      let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
    else { return [] }
    let mine = Set(FormatFixture.all.map(\.file))
    var paths: [String] = []
    for case let url as URL in walker
    where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
      let path = String(url.path.dropFirst(root.path.count + 1))
      // SQLite's side files appear while another test has a fixture database open.
      let transient = ["-shm", "-wal", "-journal"].contains { path.hasSuffix($0) }
      if !mine.contains(path) && !transient { paths.append(path) }
    }
    return paths.sorted()
  }
}
