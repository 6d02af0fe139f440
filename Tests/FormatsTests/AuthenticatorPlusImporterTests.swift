import Domain
import Formats
import TestSupport
import Testing

@Suite("authenticator-plus", .enabled(if: SharedFixtures.aegis != nil, "shared fixtures absent"))
struct AuthenticatorPlusImporterTests {
  private let importer = AuthenticatorPlusImporter()

  private func backup() throws -> [UInt8] { [UInt8](try SharedFixtures.data("authenticator_plus.zip")) }

  @Test("A wrong or empty password is refused, a missing one asked for", .requires(.zip))
  func wrongPassword() throws {
    let bytes = try backup()
    #expect(ImportOutcome(importer, bytes, password: "testtesttesT").kind == .wrongPassword)
    #expect(ImportOutcome(importer, bytes, password: "").kind == .wrongPassword)
    #expect(throws: ImportError.passwordRequired) {
      try importer.candidates(from: ImportFile(name: "backup.zip", bytes: bytes), password: .none)
    }
  }

  @Test("Without libzip the backup is missingLibrary, naming the package to install")
  func missingLibzip() throws {
    let importer = AuthenticatorPlusImporter(zipLibraries: ["libtwofold-no-such-zip.so.9"])
    #expect(throws: ImportError.missingLibrary(AuthenticatorPlusImporter.installHint)) {
      try importer.candidates(
        from: ImportFile(name: "backup.zip", bytes: try backup()),
        password: AppFormatFixtures.refusingPassword)
    }
    #expect(AuthenticatorPlusImporter.installHint.contains("apt-get install libzip4"))
  }

  @Test("The tests look for libzip by the names Twofold loads it by")
  func probedNames() {
    #expect(OptionalDependency.zip.libraryNames == AuthenticatorPlusImporter.zipLibraryNames)
  }

  @Test("A zip archive without Accounts.txt is not an Authenticator Plus backup", .requires(.zip))
  func otherArchive() throws {
    let bytes = AppFormatFixtures.replacing("Accounts.txt", with: "Accounts.csv", in: try backup())
    #expect(!importer.recognizes(ImportFile(name: "other.zip", bytes: bytes)))
    #expect(ImportOutcome(importer, bytes, password: "testtesttest").kind == .unrecognized)
  }

  @Test(
    "Truncated archives are damaged, never a crash or a secret", .requires(.zip),
    arguments: [10, 100, 300, 500, 584])
  func truncated(length: Int) throws {
    let outcome = ImportOutcome(importer, Array(try backup().prefix(length)), password: "testtesttest")
    #expect(outcome.kind == .damaged, "\(outcome)")
    #expect(!outcome.revealsSecret)
  }

  @Test("A flipped byte in the encrypted data is refused as damaged or as a wrong password", .requires(.zip))
  func flipped() throws {
    let bytes = try backup()
    for offset in [70, 75, 80, 150, 300, 400] {
      let outcome = ImportOutcome(
        importer, AppFormatFixtures.flipping(offset, in: bytes), password: "testtesttest")
      #expect([.damaged, .wrongPassword].contains(outcome.kind), "offset \(offset): \(outcome)")
      #expect(!outcome.revealsSecret)
    }
  }

  @Test("Bytes that are not a zip archive are refused as another format")
  func notZip() {
    #expect(ImportOutcome(importer, Array("Accounts.txt".utf8)).kind == .unrecognized)
  }
}
