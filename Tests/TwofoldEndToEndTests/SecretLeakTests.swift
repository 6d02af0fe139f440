import Foundation
import TestSupport
import Testing

/// No command's standard output or error carries a secret or the vault password, except the two
/// that exist to show one (`show --uri`, `export` to standard output), which serve as the control
/// that the search below would notice a secret.
@Suite("Secrets stay out of messages")
struct SecretLeakTests {
  static let password = "Tr0ub4dor&3 leak check"
  static let totpSecret = "4SJHB4GSD43FZBAI7C2HLRJGPQ"
  static let hotpSecret = "5VAML3X35THCEBVRLV24CGBKOY"
  static let steamSecret = "KRSXG5CTMVRXEZLUKRSXG5CT"
  /// A secret that only ever appears in refused input.
  static let refusedSecret = "QWERTYUIOPASDFGHJKLZXCVBNM234567"
  static let motpSecret = "9f3a61c0d2e4b8a75c1e"

  let folder: TemporaryDirectory
  let environment: [String: String]

  init() throws {
    folder = try TemporaryDirectory()
    environment = ["XDG_DATA_HOME": folder.path("data"), "TWOFOLD_PASSWORD": Self.password]
  }

  /// Every spelling of a secret that a careless message could carry.
  static let needles: [String] = {
    let secrets = [totpSecret, hotpSecret, steamSecret, refusedSecret]
    return secrets + secrets.map { $0.lowercased() } + [motpSecret, motpSecret.uppercased(), password]
  }()

  func run(_ arguments: [String], extra: [String: String] = [:]) throws -> TwofoldProcess.Output {
    try TwofoldProcess.run(arguments, environment: environment.merging(extra) { $1 })
  }

  /// Runs a command and records which needles its output holds.
  func leaks(_ arguments: [String], extra: [String: String] = [:]) throws -> [String] {
    let output = try run(arguments, extra: extra)
    return Self.needles.filter { output.stdout.contains($0) || output.stderr.contains($0) }
  }

  func makeVault() throws {
    #expect(try run(["init"]).status == 0)
    for uri in [
      "otpauth://totp/Deno:Mason?secret=\(Self.totpSecret)&issuer=Deno",
      "otpauth://hotp/WWE:Mason?secret=\(Self.hotpSecret)&counter=7",
      "otpauth://steam/Steam:gamer?secret=\(Self.steamSecret)",
      "motp://Corp:bob?secret=\(Self.motpSecret)&pin=8642",
    ] {
      #expect(try run(["add", "--uri", uri]).status == 0, "could not add \(uri)")
    }
  }

  @Test("Listing, showing, codes, edits, failures and reports never print a secret or the password")
  func noLeaks() throws {
    try makeVault()
    let broken = try folder.write(
      "broken.txt",
      "otpauth://totp/Bad:one?secret=\(Self.refusedSecret)&digits=99\n"
        + "otpauth://totp/Deno:Mason?secret=\(Self.totpSecret)&issuer=Deno\n")
    let plainExport = folder.path("export.json")
    let commands: [[String]] = [
      ["list"], ["list", "--json"], ["list", "Mason"], ["show", "Deno:Mason"], ["show", "Corp:bob"],
      ["show", "Steam:gamer"], ["code", "Deno:Mason"], ["code", "WWE:Mason"], ["code", "Corp:bob"],
      ["add", "--uri", "otpauth://totp/X:y?secret=\(Self.refusedSecret)&digits=99"],
      ["add", "--uri", "otpauth://totp/X:y?secret=\(Self.refusedSecret)&algorithm=SHA3"],
      ["add", "--uri", "otpauth://totp/Deno:Mason?secret=\(Self.totpSecret)&issuer=Deno"],
      ["add", "--issuer", "X", "--name", "y", "--secret", Self.refusedSecret + "!"],
      ["code", "--uri", "otpauth://totp/X?secret=\(Self.refusedSecret)&period=0"],
      ["verify", "--uri", "otpauth://totp/X?secret=\(Self.refusedSecret)", "000000"],
      ["verify", "--uri", "otpauth://totp/X?secret=\(Self.refusedSecret)", "12ab"],
      ["import", broken], ["import", broken, "--skip-bad", "--dry-run"],
      ["edit", "Deno:Mason", "--note", "work laptop"], ["show", "Nobody"], ["remove", "Deno:Mason"],
      ["export", "--format", "aegis-plain", "--output", plainExport],
      ["list", "--json", "--vault", "/nonexistent/vault.json"],
    ]
    for command in commands {
      #expect(try leaks(command) == [], "twofold \(command.joined(separator: " ")) printed a secret")
    }
    let wrongPassword = ["TWOFOLD_PASSWORD": "wrong " + Self.password]
    #expect(try leaks(["list"], extra: wrongPassword) == [])
    #expect(try leaks(["code", "Deno:Mason"], extra: wrongPassword) == [])
  }

  @Test("The commands made to show a secret do, so the search above can see one")
  func controls() throws {
    try makeVault()
    #expect(try leaks(["show", "Deno:Mason", "--uri"]) == [Self.totpSecret])
    let exported = try leaks(["export", "--format", "uris"])
    #expect(exported.contains(Self.totpSecret) && exported.contains(Self.steamSecret))
  }
}
