import Domain
import Formats
import TestSupport
import Testing

@Suite("microsoft-db", .enabled(if: SharedFixtures.aegis != nil, "shared fixtures absent"))
struct MicrosoftAuthenticatorDatabaseImporterTests {
  private let importer = MicrosoftAuthenticatorDatabaseImporter()

  private func database() throws -> [UInt8] {
    [UInt8](try SharedFixtures.data("microsoft_authenticator.sqlite"))
  }

  @Test("The database is read without a password")
  func neverAsks() throws {
    let candidates = try importer.candidates(
      from: ImportFile(name: "PhoneFactor", bytes: try database()),
      password: AppFormatFixtures.refusingPassword)
    #expect(candidates.count == 7)
  }

  /// The fixture with Deno:Mason turned into a Microsoft account (type 1) whose secret is `secret`.
  /// Its record header gives each column's SQLite serial type: 8 is the integer 0, 9 the integer 1,
  /// neither with payload bytes; `account_type` (column 12) is 13 bytes before the row's body.
  private func microsoftAccount(secret: String) throws -> [UInt8] {
    var bytes = try database()
    let body = try #require(
      bytes.firstRange(of: Array((String(repeating: "0", count: 32) + "DenoMason").utf8)))
    try #require(bytes[body.lowerBound - 13] == 8)
    bytes[body.lowerBound - 13] = 9
    return AppFormatFixtures.replacing("4SJHB4GSD43FZBAI7C2HLRJGPQ", with: secret, in: bytes)
  }

  @Test("A Microsoft account (type 1) has a Base64 secret and 8 digits")
  func microsoftAccountType() throws {
    let bytes = try microsoftAccount(secret: "5JJw8NIfNlyECPi0dcUmfAAAAA")
    let candidates = try importer.candidates(
      from: ImportFile(name: "PhoneFactor", bytes: bytes), password: .none)
    let account = try #require(candidates.first?.account)
    #expect(
      FixtureAccount(account).description
        == "totp Deno:Mason 4SJHB4GSD43FZBAI7C2HLRJGPQAAAAA SHA1/8/period 30")
    #expect(candidates.count == 7)
  }

  @Test("A Microsoft account whose secret is not Base64 fails alone")
  func microsoftAccountBadSecret() throws {
    let outcome = ImportOutcome(importer, try microsoftAccount(secret: "5JJw8NIfNlyECPi0dcUmfA*AAA"))
    #expect(outcome.kind == .imported(accounts: 6, failed: 1))
    #expect(outcome.messages == ["Deno:Mason: the Microsoft account's secret is not Base64"])
  }

  @Test("An account whose Base32 secret is invalid fails alone, without showing the secret")
  func badSecret() throws {
    let bytes = AppFormatFixtures.replacing(
      "5OM4WOOGPLQEF6UGN3CPEOOLWU", with: "5OM4WOOGPLQEF6UGN3CPEOOLW0", in: try database())
    let outcome = ImportOutcome(importer, bytes)
    #expect(outcome.kind == .imported(accounts: 6, failed: 1))
    #expect(outcome.messages.first?.hasPrefix("SPDX:James: ") == true)
    #expect(!outcome.messages.joined().contains("5OM4WOOGPLQEF6UGN3CPEOOLW"))
  }

  @Test("Google Authenticator's database is not Microsoft Authenticator's")
  func otherDatabase() throws {
    let outcome = ImportOutcome(importer, [UInt8](try SharedFixtures.data("google_authenticator.sqlite")))
    #expect(outcome.kind == .unrecognized)
  }

  @Test("A truncated database is damaged; altered bytes never crash or reveal a secret")
  func damaged() throws {
    let bytes = try database()
    #expect(ImportOutcome(importer, Array(bytes.prefix(50))).kind == .damaged)
    #expect(ImportOutcome(importer, Array(bytes.prefix(4096))).kind == .damaged)
    for offset in stride(from: 16, to: bytes.count, by: 331) {
      let outcome = ImportOutcome(importer, AppFormatFixtures.flipping(offset, in: bytes))
      #expect(!outcome.revealsSecret, "offset \(offset): \(outcome)")
    }
  }
}
