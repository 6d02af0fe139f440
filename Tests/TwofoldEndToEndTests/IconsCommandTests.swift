import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A vault (unencrypted, so the test reads its entries), a data folder for the packs, a cache
/// folder for pick's icon files, and packs the test makes.
final class IconsVault {
  let folder: TemporaryDirectory
  var environment: [String: String]

  init(encrypted: Bool = false) throws {
    folder = try TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: folder.path("bin"), withIntermediateDirectories: true)
    environment = [
      "TWOFOLD_VAULT": folder.path("vault/vault.json"), "XDG_DATA_HOME": folder.path("data"),
      "XDG_CACHE_HOME": folder.path("cache"), "PATH": folder.path("bin") + ":/usr/bin:/bin",
    ]
    if encrypted { environment["TWOFOLD_PASSWORD"] = "correct horse" }
    #expect(try run(encrypted ? ["init"] : ["init", "--unencrypted"]).status == 0)
    for (issuer, name, secret) in [
      ("GitHub", "me", "JBSWY3DPEHPK3PXP"), ("zurich bank", "acct", "KRSXG5CTMVRXEZLU"),
      ("Other", "x", "GEZDGNBVGY3TQOJQ"),
    ] {
      #expect(try run(["add", "--issuer", issuer, "--name", name, "--secret", secret]).status == 0)
    }
  }

  var vault: String { environment["TWOFOLD_VAULT"]! }
  var packs: String { folder.path("data/twofold/icons") }

  func run(_ arguments: [String], _ extra: [String: String] = [:]) throws -> TwofoldProcess.Output {
    try TwofoldProcess.run(arguments, environment: environment.merging(extra) { $1 })
  }

  /// Writes a pack of `members` as `name` in the folder and returns its path.
  func pack(_ name: String = "pack.zip", _ members: [(String, [UInt8])] = IconPackFixture.members()) throws
    -> String
  {
    let path = folder.path(name)
    try Data(try IconPackFixture.zip(members)).write(to: URL(fileURLWithPath: path))
    return path
  }

  func vaultBytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: vault)) }

  /// Each entry's issuer and its `icon_mime` (nil without an icon), from the unencrypted vault.
  func iconMimes() throws -> [String: String?] {
    let object = try JSONSerialization.jsonObject(with: vaultBytes()) as! [String: Any]
    let entries = (object["db"] as! [String: Any])["entries"] as! [[String: Any]]
    return Dictionary(
      uniqueKeysWithValues: entries.map { ($0["issuer"] as! String, $0["icon_mime"] as? String) })
  }

  /// The names in the backups folder.
  func backups() -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: folder.path("vault/backups"))) ?? []
  }

  /// Every path under the packs' folder, relative, sorted.
  func packFiles() -> [String] {
    (FileManager.default.enumerator(atPath: packs)?.allObjects as? [String] ?? []).sorted()
  }
}

@Suite("twofold icons", .requires(.zip))
struct IconsCommandTests {
  static let uuid = IconPackFixture.uuid.lowercased()

  @Test(
    "import reads a pack into $XDG_DATA_HOME/twofold/icons/<uuid>/ (0700, 0600) and says what it imported")
  func importsPack() throws {
    let vault = try IconsVault()
    let output = try vault.run(["icons", "import", vault.pack()])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout == "imported the icon pack 'Test Icons' version 1: 3 icons\n")
    #expect(output.stderr == "")
    #expect(
      vault.packFiles() == [
        Self.uuid, "\(Self.uuid)/PNG", "\(Self.uuid)/PNG/zkb.png", "\(Self.uuid)/SVG",
        "\(Self.uuid)/SVG/example.svg",
        "\(Self.uuid)/SVG/github.svg", "\(Self.uuid)/pack.json",
      ])
    var info = stat()
    for path in [vault.packs, vault.packs + "/" + Self.uuid, vault.packs + "/\(Self.uuid)/SVG"] {
      #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o700, "\(path)")
    }
    for file in ["pack.json", "PNG/zkb.png"] {
      #expect(stat(vault.packs + "/\(Self.uuid)/" + file, &info) == 0 && info.st_mode & 0o777 == 0o600)
    }
    let again = try vault.run(["icons", "import", vault.pack("v2.zip", IconPackFixture.members(version: 2))])
    #expect(again.stdout == "imported the icon pack 'Test Icons' version 2 (replacing version 1): 3 icons\n")
    let list = try vault.run(["icons", "list"])
    #expect(list.status == 0)
    #expect(list.stdout == "Test Icons  version 2  3 icons  \(Self.uuid)\n")
  }

  static let badPacks: [(String, [(String, [UInt8])]?, String)] = {
    var members = IconPackFixture.members()
    func replacing(_ index: Int, _ bytes: [UInt8]) -> [(String, [UInt8])] {
      var copy = members
      copy[index].1 = bytes
      return copy
    }
    return [
      ("not a zip", nil, "not a zip archive"),
      ("no pack.json", Array(members.dropFirst()), "pack.json: missing"),
      ("invalid pack.json", replacing(0, Array(#"{"uuid": "x"}"#.utf8)), "pack.json: \"uuid\" is not a UUID"),
      (
        "a named file missing", members.filter { $0.0 != "SVG/example.svg" },
        "SVG/example.svg: named in pack.json but not in the pack"
      ),
      (
        "too large", replacing(2, IconPackFixture.png + [UInt8](repeating: 7, count: 1 << 20)),
        "PNG/zkb.png: larger than 1048576 bytes"
      ),
      ("not an image", replacing(2, Array("hello".utf8)), "PNG/zkb.png: not a PNG, JPEG or SVG image"),
      (
        "an SVG referring outside", replacing(1, IconPackFixture.externalSVG),
        "SVG/github.svg: the SVG refers to something outside itself"
      ),
    ]
  }()

  @Test(
    "A bad pack is one error line naming the entry, status 1, and nothing is written",
    arguments: badPacks.indices)
  func badPack(index: Int) throws {
    let (_, members, message) = Self.badPacks[index]
    let vault = try IconsVault()
    let path: String
    if let members {
      path = try vault.pack("bad.zip", members)
    } else {
      path = try vault.folder.write("bad.zip", "just some text")
    }
    let before = try vault.vaultBytes()
    let output = try vault.run(["icons", "import", path])
    #expect(output.status == 1)
    #expect(output.stdout == "")
    #expect(output.stderr.hasPrefix("twofold: \(path): \(message)"), "\(output.stderr)")
    #expect(output.stderr.hasSuffix("; nothing was imported\n"))
    #expect(output.stderr.filter { $0 == "\n" }.count == 1)
    #expect(vault.packFiles().isEmpty)
    #expect(try vault.vaultBytes() == before)
  }

  @Test("A bad pack of a uuid already imported leaves the earlier import as it was")
  func badPackKeepsEarlier() throws {
    let vault = try IconsVault()
    #expect(try vault.run(["icons", "import", vault.pack()]).status == 0)
    let files = vault.packFiles()
    var members = IconPackFixture.members(version: 2)
    members[3].1 = Array("not an image".utf8)
    #expect(try vault.run(["icons", "import", vault.pack("bad.zip", members)]).status == 1)
    #expect(vault.packFiles() == files)
    #expect(try vault.run(["icons", "list"]).stdout.contains("version 1"))
  }

  @Test("apply --dry-run prints what it would change and leaves the vault byte-identical")
  func dryRun() throws {
    let vault = try IconsVault()
    #expect(try vault.run(["icons", "import", vault.pack()]).status == 0)
    let before = try vault.vaultBytes()
    let backups = vault.backups()
    let output = try vault.run(["icons", "apply", "--dry-run"])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(
      output.stdout == """
        GitHub:me: github from Test Icons
        zurich bank:acct: Zürcher Kantonalbank from Test Icons
        would set the icon of 2 accounts; nothing was changed

        """)
    #expect(try vault.vaultBytes() == before)
    #expect(vault.backups() == backups)
  }

  @Test("apply writes each matched icon into its entry (a backup first); again, nothing changes")
  func apply() throws {
    let vault = try IconsVault()
    #expect(try vault.run(["icons", "import", vault.pack()]).status == 0)
    let backups = vault.backups().count
    let output = try vault.run(["icons", "apply"])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.hasSuffix("set the icon of 2 accounts\n"))
    #expect(try vault.iconMimes() == ["GitHub": "image/svg+xml", "zurich bank": "image/png", "Other": nil])
    #expect(vault.backups().count == backups + 1)
    let after = try vault.vaultBytes()
    let again = try vault.run(["icons", "apply"])
    #expect(again.stdout == "set the icon of 0 accounts; 2 already had it\n")
    #expect(try vault.vaultBytes() == after)
    #expect(vault.backups().count == backups + 1, "no change, no save")
  }

  @Test("An entry with an icon of its own keeps it unless --replace")
  func replace() throws {
    let vault = try IconsVault()
    #expect(try vault.run(["icons", "import", vault.pack()]).status == 0)
    #expect(try vault.run(["icons", "apply"]).status == 0)
    var members = IconPackFixture.members(version: 2)
    members[1].1 = IconPackFixture.png  // GitHub's icon becomes a PNG
    members[0].1 = IconPackFixture.manifest(
      version: 2,
      icons: [IconPackFixture.Icon("SVG/github.svg", issuers: ["GitHub"])] + IconPackFixture.icons.dropFirst()
    )
    #expect(try vault.run(["icons", "import", vault.pack("v2.zip", members)]).status == 0)
    let kept = try vault.run(["icons", "apply"])
    #expect(
      kept.stdout
        == "set the icon of 0 accounts; 1 already had it; 1 account kept its own icon (--replace replaces them)\n"
    )
    #expect(try vault.iconMimes()["GitHub"] == "image/svg+xml")
    let replaced = try vault.run(["icons", "apply", "--replace"])
    #expect(replaced.status == 0)
    #expect(
      replaced.stdout == "GitHub:me: github from Test Icons\nset the icon of 1 account; 1 already had it\n")
    #expect(try vault.iconMimes()["GitHub"] == "image/png")
  }

  @Test("apply with no pack imported is status 1 saying what to run")
  func noPack() throws {
    let vault = try IconsVault()
    let output = try vault.run(["icons", "apply"])
    #expect(output.status == 1)
    #expect(output.stderr == "twofold: no icon pack is imported: run 'twofold icons import PACK.zip' first\n")
    let list = try vault.run(["icons", "list"])
    #expect(list.status == 0 && list.stdout == "")
  }

  @Test(
    "A wrong icons command line is status 2 with one line",
    arguments: [
      ["icons"], ["icons", "frob"], ["icons", "import"], ["icons", "list", "--dry-run"],
      ["icons", "import", "a.zip", "--replace"],
      ["icons", "apply", "extra"],
    ])
  func usage(arguments: [String]) throws {
    let vault = try IconsVault()
    let output = try vault.run(arguments)
    #expect(output.status == 2)
    #expect(output.stderr.hasPrefix("twofold: ") && output.stderr.filter { $0 == "\n" }.count == 1)
  }

  @Test("import of a file that cannot be read is status 1")
  func unreadable() throws {
    let vault = try IconsVault()
    let output = try vault.run(["icons", "import", vault.folder.path("absent.zip")])
    #expect(output.status == 1)
    #expect(output.stderr.contains("absent.zip"))
  }
}

@Suite("twofold icons apply through the agent", .requires(.zip))
struct IconsThroughAgentTests {
  @Test("While the agent holds the key, apply asks no password, writes through it, and sees existing icons")
  func applyThroughAgent() throws {
    let session = try AgentSession()
    try session.makeVault()
    let data = session.folder.path("data")
    let pack = session.folder.path("pack.zip")
    let members: [(String, [UInt8])] = [
      ("pack.json", IconPackFixture.manifest(icons: [IconPackFixture.Icon("deno.svg", issuers: ["Deno"])])),
      ("deno.svg", IconPackFixture.svg()),
    ]
    try Data(try IconPackFixture.zip(members)).write(to: URL(fileURLWithPath: pack))
    #expect(try session.run(["icons", "import", pack], ["XDG_DATA_HOME": data]).status == 0)
    #expect(try session.direct(["unlock"]).status == 0)
    let dry = try session.run(["icons", "apply", "--dry-run"], ["XDG_DATA_HOME": data])
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(
      dry.stdout == "Deno:Mason: deno from Test Icons\nwould set the icon of 1 account; nothing was changed\n"
    )
    let applied = try session.run(["icons", "apply"], ["XDG_DATA_HOME": data])
    #expect(applied.status == 0, "\(applied.stderr)")
    #expect(applied.stdout == "Deno:Mason: deno from Test Icons\nset the icon of 1 account\n")
    // The agent's answer now carries the icon: a second run sees it.
    let again = try session.run(["icons", "apply"], ["XDG_DATA_HOME": data])
    #expect(again.stdout == "set the icon of 0 accounts; 1 already had it\n")
    // And the vault file itself has it (read without the agent).
    let exported = try session.run(
      ["export", "--format", "aegis-plain", "--no-agent", "--password-file", session.passwordFile])
    #expect(
      exported.stdout.contains("\"icon_mime\": \"image/svg+xml\"")
        || exported.stdout.contains("\"icon_mime\":\"image/svg+xml\""))
  }
}

@Suite("pick shows icons in rofi and fuzzel", .requires(.zip))
struct PickIconTests {
  /// A menu named `name` that saves what it read and prints the text of the line holding `choice`.
  static func menu(_ vault: IconsVault, named name: String, choosing choice: String) throws -> String {
    try vault.folder.script(
      "bin/\(name)",
      """
      here="$(dirname "$0")/.."
      cat > "$here/offered"
      grep -a -F -m 1 -- '\(choice)' "$here/offered" | tr '\\000' '\\n' | head -n 1
      """)
  }

  func offered(_ vault: IconsVault) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: vault.folder.path("offered"))))
  }

  @Test(
    "rofi and fuzzel get \\0icon\\x1fPATH after each line whose account has an icon; the file is 0600",
    arguments: ["rofi", "fuzzel"])
  func iconLines(menu name: String) throws {
    let vault = try IconsVault()
    #expect(try vault.run(["icons", "import", vault.pack()]).status == 0)
    #expect(try vault.run(["icons", "apply"]).status == 0)
    let menu = try Self.menu(vault, named: name, choosing: "Other")
    let output = try vault.run(["pick", "--print", "--menu", "\(menu) --dmenu"])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.count == 7)
    let cache = vault.folder.path("cache/twofold/icons")
    let files = try FileManager.default.contentsOfDirectory(atPath: cache).sorted()
    #expect(files.count == 2)
    let svg = try #require(files.first { $0.hasSuffix(".svg") })
    let png = try #require(files.first { $0.hasSuffix(".png") })
    #expect(svg.count == 64 + 4 && png.count == 64 + 4)
    let lines = try offered(vault).split(separator: UInt8(ascii: "\n")).map {
      String(decoding: $0, as: UTF8.self)
    }
    #expect(
      lines == [
        "GitHub       me\u{0}icon\u{1f}\(cache)/\(svg)", "Other        x",
        "zurich bank  acct\u{0}icon\u{1f}\(cache)/\(png)",
      ])
    var info = stat()
    #expect(stat(cache + "/" + svg, &info) == 0 && info.st_mode & 0o777 == 0o600)
    #expect(stat(cache, &info) == 0 && info.st_mode & 0o777 == 0o700)
    #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: cache + "/" + png))) == IconPackFixture.png)
    // Choosing a line with an icon: the menu prints its text, which maps back to the account.
    let chose = try vault.run([
      "pick", "--print", "--menu", try Self.menu(vault, named: name, choosing: "GitHub"),
    ])
    #expect(chose.status == 0, "\(chose.stderr)")
  }

  @Test("Another menu gets the lines without icons")
  func otherMenu() throws {
    let vault = try IconsVault()
    #expect(try vault.run(["icons", "import", vault.pack()]).status == 0)
    #expect(try vault.run(["icons", "apply"]).status == 0)
    let menu = try Self.menu(vault, named: "dmenu", choosing: "Other")
    #expect(try vault.run(["pick", "--print", "--menu", menu]).status == 0)
    #expect(!(try offered(vault)).contains(0))
    #expect(!FileManager.default.fileExists(atPath: vault.folder.path("cache/twofold")))
  }
}
