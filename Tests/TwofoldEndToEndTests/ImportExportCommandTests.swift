import Foundation
import TestSupport
import Testing

/// `import` and `export` run as processes against a vault in a temporary folder.
@Suite("Import and export commands")
struct ImportExportCommandTests {
  let folder: TemporaryDirectory
  let environment: [String: String]
  let vault: String

  init() throws {
    folder = try TemporaryDirectory()
    vault = folder.path("vault.json")
    environment = ["TWOFOLD_VAULT": vault, "TWOFOLD_PASSWORD": "pw"]
    #expect(try TwofoldProcess.run(["init"], environment: environment).status == 0)
  }

  func run(_ arguments: [String]) throws -> TwofoldProcess.Output {
    try TwofoldProcess.run(arguments, environment: environment)
  }

  func vaultBytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: vault)) }

  func fixture(_ name: String) throws -> String {
    try #require(SharedFixtures.aegis).appendingPathComponent(name).path
  }

  func listed() throws -> [[String: Any]] {
    let output = try run(["list", "--json"])
    return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]] ?? []
  }

  @Test(
    "every format is detected and imported with a true report",
    .enabled(if: SharedFixtures.aegis != nil, "\(SharedFixtures.missingMessage)"),
    arguments: [
      ("plain.txt", nil, 7), ("aegis_encrypted.json", "test", 7),
      ("2fas_authenticator_encrypted_v4.2fas", "test", 5),
      ("andotp_encrypted.bin", "test", 7), ("authy_encrypted.xml", "testtest", 3),
      ("freeotp_v2_api34.xml", "test", 6), ("google_authenticator.sqlite", nil, 6), ("bitwarden.csv", nil, 4),
      ("steam.json", nil, 1), ("battle_net_authenticator.xml", nil, 1),
    ] as [(String, String?, Int)])
  func importFixture(file: String, password: String?, count: Int) throws {
    var arguments = ["import", try fixture(file)]
    if let password { arguments += ["--source-password-file", try folder.write("source", password + "\n")] }
    let output = try run(arguments)
    #expect(output.status == 0)
    #expect(
      output.stderr.hasSuffix(
        "imported \(count) account\(count == 1 ? "" : "s"), 0 duplicates skipped, 0 failed\n"))
    #expect(try listed().count == count)
    let again = try run(arguments)
    #expect(
      again.stderr.hasSuffix(
        "imported 0 accounts, \(count) duplicate\(count == 1 ? "" : "s") skipped, 0 failed\n"))
  }

  @Test(
    "a Stratum backup encrypted with Argon2id is imported with a true report",
    .enabled(if: SharedFixtures.aegis != nil, "\(SharedFixtures.missingMessage)"), .requires(.argon2),
    arguments: [("stratum_encrypted.bin", "test", 7)] as [(String, String?, Int)])
  func importFixtureWithArgon2(file: String, password: String?, count: Int) throws {
    try importFixture(file: file, password: password, count: count)
  }

  @Test(
    "an Authenticator Plus backup (a zip archive) is imported with a true report",
    .enabled(if: SharedFixtures.aegis != nil, "\(SharedFixtures.missingMessage)"), .requires(.zip),
    arguments: [("authenticator_plus.zip", "testtesttest", 7)] as [(String, String?, Int)])
  func importFixtureWithZip(file: String, password: String?, count: Int) throws {
    try importFixture(file: file, password: password, count: count)
  }

  @Test(
    "a dry run prints the accounts and leaves the vault as it was", .enabled(if: SharedFixtures.aegis != nil))
  func dryRun() throws {
    let before = try vaultBytes()
    let output = try run(["import", try fixture("plain.txt"), "--dry-run"])
    #expect(output.status == 0)
    #expect(output.stdout.contains("Deno:Mason"))
    #expect(output.stderr.hasSuffix("would import 7 accounts, 0 duplicates skipped, 0 failed\n"))
    #expect(try vaultBytes() == before)
  }

  @Test("one bad entry fails the whole import unless --skip-bad, which names it")
  func allOrNothing() throws {
    let list = try folder.write(
      "list.txt",
      "# exported\notpauth://totp/A:a?secret=JBSWY3DPEHPK3PXP\n\notpauth://totp/B:b?secret=\notpauth://totp/C:c?secret=KRSXG5A\n"
    )
    let before = try vaultBytes()
    let refused = try run(["import", list])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("line 4"))
    #expect(try vaultBytes() == before)
    let partial = try run(["import", list, "--skip-bad"])
    #expect(partial.status == 0)
    #expect(partial.stderr.contains("skipped: line 4"))
    #expect(partial.stderr.hasSuffix("imported 2 accounts, 0 duplicates skipped, 1 failed\n"))
  }

  @Test("empty, unknown, encrypted without password and wrong password are refused with their statuses")
  func refusals() throws {
    let before = try vaultBytes()
    #expect(try run(["import", try folder.write("empty.txt", "")]).status == 1)
    #expect(try run(["import", try folder.write("junk.txt", "hello there\n")]).status == 1)
    #expect(try run(["import", try folder.write("x.txt", "x"), "--format", "nope"]).status == 2)
    if SharedFixtures.aegis != nil {
      #expect(try run(["import", try fixture("aegis_encrypted.json")]).status == 2)
      let wrong = try run([
        "import", try fixture("aegis_encrypted.json"), "--source-password-file",
        try folder.write("w", "nope\n"),
      ])
      #expect(wrong.status == 1)
      #expect(wrong.stderr.contains("wrong password"))
    }
    #expect(try vaultBytes() == before)
  }

  @Test(
    "exports import back to the same accounts and codes",
    .enabled(if: SharedFixtures.aegis != nil),
    arguments: ["aegis", "aegis-plain", "uris"])
  func roundTrip(format: String) throws {
    #expect(try run(["import", try fixture("plain.txt")]).status == 0)
    let original = try listed()
    let exportFile = folder.path("export.\(format)")
    let password = try folder.write("export-pw", "export secret\n")
    let exported = try run([
      "export", "--format", format, "--output", exportFile, "--export-password-file", password,
    ])
    #expect(exported.status == 0)
    #expect(format == "aegis" || exported.stderr.hasPrefix("warning:"))
    let attributes = try FileManager.default.attributesOfItem(atPath: exportFile)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let other = folder.path("other.json")
    let otherEnvironment = ["TWOFOLD_VAULT": other, "TWOFOLD_PASSWORD": "pw2"]
    #expect(try TwofoldProcess.run(["init"], environment: otherEnvironment).status == 0)
    let imported = try TwofoldProcess.run(
      ["import", exportFile, "--source-password-file", password], environment: otherEnvironment)
    #expect(imported.status == 0)
    let copy = try TwofoldProcess.run(["list", "--json"], environment: otherEnvironment)
    let copied = try JSONSerialization.jsonObject(with: Data(copy.stdout.utf8)) as? [[String: Any]] ?? []
    func summary(_ rows: [[String: Any]]) -> [String] {
      rows.map { "\($0["issuer"] ?? "") \($0["name"] ?? "") \($0["type"] ?? "") \($0["digits"] ?? "")" }
        .sorted()
    }
    #expect(summary(copied) == summary(original))
    func uris(_ environment: [String: String]) throws -> [String] {
      try TwofoldProcess.run(["export", "--format", "uris"], environment: environment).stdout
        .split(separator: "\n").map(String.init).sorted()
    }
    #expect(try uris(otherEnvironment) == uris(environment))
  }

  @Test("google-qr names the accounts it cannot carry and writes transfer URIs that import back")
  func googleTransfer() throws {
    #expect(try run(["add", "--uri", "otpauth://totp/A:a?secret=JBSWY3DPEHPK3PXP"]).status == 0)
    #expect(try run(["add", "--uri", "otpauth://totp/B:b?secret=KRSXG5DSN5XW4ZLP&period=60"]).status == 0)
    let file = folder.path("transfer.txt")
    let output = try run(["export", "--format", "google-qr", "--output", file])
    #expect(output.status == 0)
    #expect(output.stderr.contains("not exported: B:b"))
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.hasPrefix("otpauth-migration://offline?data="))
    let other = ["TWOFOLD_VAULT": folder.path("g.json"), "TWOFOLD_PASSWORD": "pw"]
    #expect(try TwofoldProcess.run(["init"], environment: other).status == 0)
    let imported = try TwofoldProcess.run(["import", file], environment: other)
    #expect(imported.stderr.hasSuffix("imported 1 account, 0 duplicates skipped, 0 failed\n"))
  }

  @Test("an aegis export with no --export-password-file and no terminal names --export-password-file")
  func exportPasswordMissing() throws {
    let output = try run(["export", "--format", "aegis"])
    #expect(output.status == 2)
    #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
    #expect(output.stderr.contains("--export-password-file FILE"), "\(output.stderr)")
    #expect(!output.stderr.contains(" --password-file"), "\(output.stderr)")
  }

  @Test("export never writes the vault")
  func exportReadsOnly() throws {
    let before = try vaultBytes()
    #expect(try run(["export", "--format", "uris"]).status == 0)
    #expect(try vaultBytes() == before)
  }
}
