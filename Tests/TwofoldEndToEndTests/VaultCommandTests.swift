import Foundation
import TestSupport
import Testing

/// The vault commands against a vault in a temporary `XDG_DATA_HOME`, run as processes.
@Suite("Vault commands")
struct VaultCommandTests {
  let folder: TemporaryDirectory
  let environment: [String: String]
  let vault: String

  init() throws {
    folder = try TemporaryDirectory()
    try folder.write("pw", "correct horse\n")
    environment = ["XDG_DATA_HOME": folder.path("data"), "TWOFOLD_PASSWORD": "correct horse"]
    vault = folder.path("data") + "/twofold/vault.json"
  }

  func run(_ arguments: [String], extra: [String: String] = [:]) throws -> TwofoldProcess.Output {
    try TwofoldProcess.run(arguments, environment: environment.merging(extra) { $1 })
  }

  func vaultBytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: vault)) }

  func makeVault() throws {
    #expect(try run(["init"]).status == 0)
    #expect(
      try run(["add", "--uri", "otpauth://totp/Deno:Mason?secret=4SJHB4GSD43FZBAI7C2HLRJGPQ&issuer=Deno"])
        .status == 0)
    let hotp = try run([
      "add", "--issuer", "WWE", "--name", "Mason", "--secret", "5VAML3X35THCEBVRLV24CGBKOY", "--type", "hotp",
      "--algorithm", "SHA512", "--digits", "8", "--counter", "10300", "--group", "Work",
    ])
    #expect(hotp.status == 0)
  }

  @Test("init creates an encrypted vault 0600 in a 0700 folder and refuses to overwrite it")
  func initialize() throws {
    let first = try run(["init"])
    #expect(first.status == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: vault)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let folderAttributes = try FileManager.default.attributesOfItem(atPath: folder.path("data") + "/twofold")
    #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)
    let text = String(decoding: try vaultBytes(), as: UTF8.self)
    #expect(text.contains("\"n\": 32768"))
    let before = try vaultBytes()
    let second = try run(["init"])
    #expect(second.status == 1)
    #expect(try vaultBytes() == before)
  }

  @Test("list --json shows codes, periods and groups and never a secret")
  func listJSON() throws {
    try makeVault()
    let output = try run(["list", "--json"])
    #expect(output.status == 0)
    #expect(!output.stdout.contains("4SJHB4GSD43FZBAI7C2HLRJGPQ"))
    let array = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]] ?? []
    #expect(array.count == 2)
    let deno = try #require(array.first { $0["issuer"] as? String == "Deno" })
    #expect(deno["type"] as? String == "totp")
    #expect((deno["code"] as? String)?.count == 6)
    let remaining = try #require(deno["remaining"] as? Int)
    #expect((1...30).contains(remaining))
    #expect(deno["period"] as? Int == 30)
    let wwe = try #require(array.first { $0["issuer"] as? String == "WWE" })
    #expect(wwe["code"] as? String == "24622277")
    #expect(wwe["counter"] as? Int == 10300)
    #expect(wwe["remaining"] == nil)
    #expect(wwe["groups"] as? [String] == ["Work"])
  }

  @Test("list never writes the vault, and list QUERY with no match is an empty list")
  func listReadsOnly() throws {
    try makeVault()
    let before = try vaultBytes()
    #expect(try run(["list"]).status == 0)
    let empty = try run(["list", "nothing-like-this", "--json"])
    #expect(empty.status == 0)
    #expect(
      empty.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[\n]" || empty.stdout.contains("[]"))
    #expect(try vaultBytes() == before)
  }

  @Test("code QUERY on HOTP saves counter + 1 first, so each call gives a fresh code")
  func hotpAdvances() throws {
    try makeVault()
    #expect(try run(["code", "wwe"]).stdout == "24622277\n")
    #expect(try run(["code", "wwe"]).stdout == "43610905\n")
    let show = try run(["show", "WWE:Mason"])
    #expect(show.stdout.contains("Counter:   10302"))
  }

  @Test("an ambiguous or unmatched QUERY is status 3 and lists candidates")
  func queryStatus() throws {
    try makeVault()
    let none = try run(["code", "nothing"])
    #expect(none.status == 3)
    let several = try run(["code", "mason"])
    #expect(several.status == 3)
    #expect(several.stderr.contains("Deno:Mason"))
    #expect(several.stderr.contains("WWE:Mason"))
  }

  @Test("wrong password is status 1 and leaves the file unchanged")
  func wrongPassword() throws {
    try makeVault()
    let before = try vaultBytes()
    let output = try run(
      ["add", "--issuer", "X", "--secret", "JBSWY3DPEHPK3PXP"], extra: ["TWOFOLD_PASSWORD": "nope"])
    #expect(output.status == 1)
    #expect(output.stderr.contains("wrong password"))
    #expect(try vaultBytes() == before)
  }

  @Test("--password-file wins over the variable")
  func passwordFile() throws {
    try makeVault()
    let output = try run(["list", "--password-file", folder.path("pw")], extra: ["TWOFOLD_PASSWORD": "nope"])
    #expect(output.status == 0)
  }

  @Test("no password source and no terminal is status 2")
  func noPassword() throws {
    try makeVault()
    let output = try TwofoldProcess.run(["list"], environment: ["XDG_DATA_HOME": folder.path("data")])
    #expect(output.status == 2)
  }

  @Test("a duplicate add is status 1 and changes nothing")
  func duplicate() throws {
    try makeVault()
    let before = try vaultBytes()
    let output = try run(["add", "--uri", "otpauth://totp/Deno:Mason?secret=4SJHB4GSD43FZBAI7C2HLRJGPQ"])
    #expect(output.status == 1)
    #expect(try vaultBytes() == before)
  }

  @Test("edit changes label, note, groups and favorite; remove needs --yes without a terminal")
  func editAndRemove() throws {
    try makeVault()
    #expect(
      try run(["edit", "deno", "--name", "Mason2", "--note", "n", "--group", "A", "--favorite"]).status == 0)
    let shown = try run(["show", "Deno:Mason2"]).stdout
    #expect(shown.contains("Groups:    A"))
    #expect(shown.contains("Favorite:  yes"))
    #expect(try run(["remove", "deno"]).status == 2)
    #expect(try run(["remove", "deno", "--yes"]).status == 0)
    #expect(try run(["show", "deno"]).status == 3)
  }

  @Test("show --uri gives back a URI that computes the same code")
  func showURI() throws {
    try makeVault()
    let uri = try run(["show", "deno", "--uri"]).stdout.trimmingCharacters(in: .newlines)
    #expect(uri.hasPrefix("otpauth://totp/Deno:Mason?secret=4SJHB4GSD43FZBAI7C2HLRJGPQ"))
    #expect(try TwofoldProcess.run(["code", "--uri", uri, "--at", "1700000000"]).stdout == "790195\n")
  }

  @Test("passwd re-wraps the password: the old one fails, the new one opens")
  func changePassword() throws {
    try makeVault()
    let newFile = try folder.write("new", "battery staple\n")
    #expect(try run(["passwd", "--new-password-file", newFile]).status == 0)
    #expect(try run(["list"]).status == 1)
    #expect(try run(["list"], extra: ["TWOFOLD_PASSWORD": "battery staple"]).status == 0)
  }

  @Test("passwd with no --new-password-file and no terminal names --new-password-file")
  func newPasswordMissing() throws {
    try makeVault()
    let output = try run(["passwd"])
    #expect(output.status == 2)
    #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
    #expect(output.stderr.contains("--new-password-file FILE"), "\(output.stderr)")
    #expect(!output.stderr.contains(" --password-file"), "\(output.stderr)")
  }

  @Test("each change leaves the previous vault in backups/")
  func backups() throws {
    try makeVault()
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("data") + "/twofold/backups")
    #expect(names.count == 2)
    #expect(names.allSatisfy { $0.hasPrefix("vault-") && $0.hasSuffix(".json") })
  }

  @Test("an unencrypted vault needs no password")
  func unencrypted() throws {
    let plain = ["XDG_DATA_HOME": folder.path("data")]
    #expect(try TwofoldProcess.run(["init", "--unencrypted"], environment: plain).status == 0)
    #expect(
      try TwofoldProcess.run(["add", "--issuer", "X", "--secret", "JBSWY3DPEHPK3PXP"], environment: plain)
        .status == 0)
    #expect(try TwofoldProcess.run(["list"], environment: plain).status == 0)
  }

  @Test("a missing vault says to run init, status 1")
  func missingVault() throws {
    let output = try run(["list"])
    #expect(output.status == 1)
    #expect(output.stderr.contains("twofold init"))
  }
}
