import Foundation
import TestSupport
import Testing

/// The full-screen app, driven through tmux like a person at a terminal: keys in, screen out,
/// and the vault file checked with the command line afterwards.
@Suite("Terminal app", .requires(.tmux))
struct TerminalAppTests {
  static let deno = "otpauth://totp/Deno:Mason?secret=4SJHB4GSD43FZBAI7C2HLRJGPQ&issuer=Deno"
  static let acme = "otpauth://totp/Acme:carol?secret=JBSWY3DPEHPK3PXP&issuer=Acme"

  let folder: TemporaryDirectory
  let data: String
  let vault: String

  init() throws {
    folder = try TemporaryDirectory()
    data = folder.path("data")
    vault = data + "/twofold/vault.json"
  }

  /// `twofold …` against the test vault, with the password in the environment.
  func cli(_ arguments: [String]) throws -> TwofoldProcess.Output {
    try TwofoldProcess.run(
      arguments, environment: ["XDG_DATA_HOME": data, "TWOFOLD_PASSWORD": "correct horse"])
  }

  func makeVault() throws {
    #expect(try cli(["init"]).status == 0)
    #expect(try cli(["add", "--uri", Self.deno]).status == 0)
    let hotp = try cli([
      "add", "--issuer", "WWE", "--name", "Mason", "--secret", "5VAML3X35THCEBVRLV24CGBKOY", "--type", "hotp",
      "--group", "Work",
    ])
    #expect(hotp.status == 0)
    #expect(
      try cli(["add", "--issuer", "GitHub", "--name", "alice", "--secret", "GEZDGNBVGY3TQOJQ"]).status == 0)
  }

  /// The app on the test vault, without any password source: it asks on its own screen.
  func startApp() throws -> TmuxSession {
    try TmuxSession([], environment: ["XDG_DATA_HOME": data, "HOME": folder.url.path])
  }

  @Test("unlock, search, add, edit, delete and quit change the vault as the screen said")
  func fullSession() throws {
    try makeVault()
    let app = try startApp()
    try app.waitFor("Password:")
    let sealed = try Data(contentsOf: URL(fileURLWithPath: vault))

    try app.type("wrong horse")
    try app.press("Enter")
    try app.waitFor("Wrong password")
    #expect(try Data(contentsOf: URL(fileURLWithPath: vault)) == sealed)

    try app.type("correct horse")
    try app.press("Enter")
    let list = try app.waitFor("the three accounts") { ["Deno", "GitHub", "WWE"].allSatisfy($0.contains) }
    #expect(list.contains("press space to generate"))

    try app.press("/")
    try app.type("git")
    try app.waitFor("the search to narrow the list") { $0.contains("GitHub") && !$0.contains("Deno") }
    try app.press("Escape")
    try app.waitFor("the search to clear") { $0.contains("Deno") && $0.contains("GitHub") }

    try app.press("a")
    try app.waitFor("Add an account")
    try app.type(Self.acme)
    try app.press("Enter")
    try app.waitFor("the added account") {
      $0.contains("Acme") && $0.contains("carol") && $0.contains("4 accounts")
    }

    try app.press("/")
    try app.type("acme")
    try app.press("Enter")
    try app.waitFor("the search to end") { $0.contains("search: acme") }
    try app.press("e")
    try app.waitFor("Edit Acme:carol")
    try app.press("Tab")
    try app.press("C-u")
    try app.type("dave")
    try app.press("Tab", "Tab")
    try app.type("Clients")
    try app.press("Enter")
    try app.waitFor("the edited name") {
      $0.contains("dave") && !$0.contains("carol") && $0.contains("search: acme")
    }
    try app.press("Escape")
    try app.waitFor("the whole list") { $0.contains("Deno") && $0.contains("4 accounts") }

    try app.press("/")
    try app.type("deno")
    try app.press("Enter")
    try app.waitFor("search: deno")
    try app.press("d")
    try app.waitFor("Delete Deno:Mason?")
    try app.press("n")
    try app.waitFor("the question to go") { !$0.contains("Delete Deno:Mason?") && $0.contains("Deno") }
    try app.press("d")
    try app.waitFor("Delete Deno:Mason?")
    try app.press("y")
    try app.waitFor("Deleted Deno:Mason.")

    try app.press("s")
    try app.waitFor("Hide codes until selected")
    try app.press("Right")
    try app.waitFor("‹ light ›")
    try app.press("Escape")
    try app.waitFor("Deleted Deno:Mason.")
    try app.press("q")
    try app.waitUntilExited()

    let settingsPath = data + "/twofold/settings.json"
    let settings = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: settingsPath)))
    #expect((settings as? [String: Any])?["theme"] as? String == "light")
    let attributes = try FileManager.default.attributesOfItem(atPath: settingsPath)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)

    let output = try cli(["list", "--json"])
    #expect(output.status == 0)
    let accounts = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]] ?? []
    let labels = accounts.map { "\($0["issuer"] as? String ?? ""):\($0["name"] as? String ?? "")" }.sorted()
    #expect(labels == ["Acme:dave", "GitHub:alice", "WWE:Mason"])
    let acme = try #require(accounts.first { $0["issuer"] as? String == "Acme" })
    #expect(acme["groups"] as? [String] == ["Clients"])
    #expect(try cli(["code", "Acme"]).stdout.count == 7)
  }

  @Test("the first run offers to create the vault, then opens it on the empty-vault guide")
  func firstRun() throws {
    let app = try startApp()
    try app.waitFor("Create one now? [y/N]")
    try app.type("y")
    try app.press("Enter")
    try app.waitFor("New vault password:")
    try app.type("correct horse")
    try app.press("Enter")
    try app.waitFor("Repeat it:")
    try app.type("correct horse")
    try app.press("Enter")
    try app.waitFor("Your vault is empty.")
    try app.press("q")
    try app.waitUntilExited()
    let output = try cli(["list", "--json"])
    #expect(output.status == 0)
    #expect(output.stdout.filter { !$0.isWhitespace } == "[]")
  }

  @Test("the demo shows Zürich and 東京 aligned and writes nothing")
  func demo() throws {
    let home = try TemporaryDirectory()
    let app = try TmuxSession(
      ["demo"], environment: ["HOME": home.url.path, "XDG_DATA_HOME": home.path("data")])
    let screen = try app.waitFor("both issuers with codes") { screen in
      ["Zürich", "東京"].allSatisfy { issuer in
        screen.split(separator: "\n").contains {
          Self.codeColumn(in: String($0)) != nil && $0.contains(issuer)
        }
      }
    }
    let lines = screen.split(separator: "\n").map(String.init)
    let zurich = try #require(lines.first { $0.contains("Zürich") })
    let tokyo = try #require(lines.first { $0.contains("東京") })
    #expect(Self.column(of: "Zürich", in: zurich) == Self.column(of: "東京", in: tokyo))
    #expect(
      Self.column(of: "anna.muster@example.ch", in: zurich) == Self.column(of: "taro@example.jp", in: tokyo))
    #expect(Self.codeColumn(in: zurich) != nil)
    #expect(Self.codeColumn(in: zurich) == Self.codeColumn(in: tokyo))
    #expect(screen.contains("press space to generate"))

    try app.press("i")
    try app.waitFor("Key URI")
    try app.press("r")
    if OptionalDependency.qrencode.isInstalled {
      try app.waitFor("a QR code") { $0.contains("▀▀▀▀▀▀▀") }
    } else {
      try app.waitFor("how to install libqrencode") { $0.contains("apt-get install libqrencode4") }
    }
    try app.press("Escape")
    try app.waitFor("7 accounts")
    try app.press("s")
    try app.waitFor("Settings")
    try app.press("Right")
    try app.press("Escape")
    try app.waitFor("Zürich")
    try app.press("q")
    try app.waitUntilExited()
    let left = FileManager.default.enumerator(atPath: home.url.path)?.allObjects ?? []
    #expect(left.isEmpty)
  }

  @Test("the help screen lists the keys and Esc goes back")
  func help() throws {
    let home = try TemporaryDirectory()
    let app = try TmuxSession(["demo"], environment: ["HOME": home.url.path], width: 80, height: 24)
    try app.waitFor("GitHub")
    try app.press("?")
    try app.waitFor("filter by the next group")
    try app.press("Escape")
    try app.waitFor("GitHub")
    try app.press("q")
    try app.waitUntilExited()
  }

  /// The display column where `text` starts (wide characters count two).
  static func column(of text: String, in line: String) -> Int? {
    guard let range = line.range(of: text) else { return nil }
    return width(line[..<range.lowerBound])
  }

  /// The display column of the first code grouped for reading (`123 456`).
  static func codeColumn(in line: String) -> Int? {
    guard let range = line.firstRange(of: /[0-9]{3} [0-9]{3}/) else { return nil }
    return width(line[..<range.lowerBound])
  }

  /// Terminal columns of text: East Asian wide characters take two.
  static func width(_ text: Substring) -> Int {
    text.unicodeScalars.reduce(0) { total, scalar in
      let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x20000...0x3FFFD,
      ]
      return total + (wide.contains { $0.contains(scalar.value) } ? 2 : 1)
    }
  }
}
