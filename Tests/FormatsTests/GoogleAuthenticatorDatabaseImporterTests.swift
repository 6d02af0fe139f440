import Domain
import Formats
import TestSupport
import Testing

@Suite("google-db", .enabled(if: SharedFixtures.aegis != nil, "shared fixtures absent"))
struct GoogleAuthenticatorDatabaseImporterTests {
  private let importer = GoogleAuthenticatorDatabaseImporter()

  private func database() throws -> [UInt8] {
    [UInt8](try SharedFixtures.data("google_authenticator.sqlite"))
  }

  @Test("The database is read without a password, email split from the issuer")
  func neverAsks() throws {
    let candidates = try importer.candidates(
      from: ImportFile(name: "databases", bytes: try database()), password: AppFormatFixtures.refusingPassword
    )
    #expect(candidates.map(\.label).prefix(2) == ["Deno:Mason", "SPDX:James"])
  }

  @Test("An account whose secret is not Base32 fails alone, without showing the secret")
  func badSecret() throws {
    let bytes = AppFormatFixtures.replacing(
      "4SJHB4GSD43FZBAI7C2HLRJGPQ", with: "4SJHB4GSD43FZBAI7C2HLRJGP1", in: try database())
    let outcome = ImportOutcome(importer, bytes)
    #expect(outcome.kind == .imported(accounts: 5, failed: 1))
    #expect(outcome.messages.first?.hasPrefix("Deno:Mason: ") == true)
    #expect(!outcome.messages.joined().contains("4SJHB4GSD43FZBAI7C2HLRJGP"))
  }

  @Test(
    "Microsoft Authenticator's or Stratum's database is not Google Authenticator's",
    arguments: ["microsoft_authenticator.sqlite", "stratum_internal.db"])
  func otherDatabases(file: String) throws {
    let outcome = ImportOutcome(importer, [UInt8](try SharedFixtures.data(file)))
    #expect(outcome.kind == .unrecognized)
    #expect(!importer.recognizes(ImportFile(name: file, bytes: [UInt8](try SharedFixtures.data(file)))))
  }

  @Test("Text that is not SQLite is refused as another format")
  func notSQLite() {
    #expect(ImportOutcome(importer, Array("otpauth://totp/a?secret=AAAA".utf8)).kind == .unrecognized)
  }

  @Test("A truncated database is damaged; altered bytes never crash or reveal a secret")
  func damaged() throws {
    let bytes = try database()
    #expect(ImportOutcome(importer, Array(bytes.prefix(100))).kind == .damaged)
    #expect(ImportOutcome(importer, Array(bytes.prefix(4096))).kind == .damaged)
    for offset in stride(from: 16, to: bytes.count, by: 331) {
      let outcome = ImportOutcome(importer, AppFormatFixtures.flipping(offset, in: bytes))
      #expect(!outcome.revealsSecret, "offset \(offset): \(outcome)")
    }
  }
}
