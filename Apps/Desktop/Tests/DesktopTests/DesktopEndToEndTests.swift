import Crypto
import Data
import Domain
import Foundation
import Infrastructure
import TestSupport
import Testing

/// The real window under Xvfb, with a private session bus and the accessibility bus, driven and
/// read through AT-SPI by `Tests/atspi/desktop_scenario.py` (the way a screen reader sees it).
/// Screenshots of each screen are kept in the build folder (`desktop-screenshots`).
@Suite(
  "Desktop app end to end", .serialized, .requires(.xvfb), .requires(.dbusRunSession),
  .requires(.atspiPython),
  .requires(.imageMagick), .requires(.xsel), .requires(.qrencodeProgram), .requires(.feh), .requires(.maim),
  .requires(.zbar))
struct DesktopEndToEndTests {
  /// Fixed accounts; the scenario computes their codes with Python's own hmac.
  static let accounts: [(issuer: String, name: String, secret: String, digits: Int, period: Int)] = [
    ("GitHub", "octocat", "JBSWY3DPEHPK3PXP", 6, 30),
    ("Zynga", "farmer", "KRSXG5CTMVRXEZLU", 8, 30),
    ("Acme Bank", "alice", "GEZDGNBVGY3TQOJQ", 6, 60),
  ]
  static let password = "correct horse battery"

  /// The folder of the built products (this test bundle sits beside twofold-desktop).
  static var products: URL {
    URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "")
      .deletingLastPathComponent()
  }

  static var scripts: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("atspi")
  }

  /// Makes a vault of `accounts` at `path`, encrypted when `password` is given.
  static func makeVault(at path: String, password: String?) throws {
    let storage = FileVaultStorage(path: path, now: { 1_700_000_000 })
    let ids = IdentifierSource.uuid(random: RandomSource.secure.bytes)
    let secret = password.map { Array($0.utf8) }
    try AegisVaultRepository.create(storage: storage, password: secret, random: .secure, ids: ids)
    let repository = AegisVaultRepository(
      storage: storage, password: { () throws(DomainError) in secret ?? [] }, random: .secure, ids: ids)
    for account in accounts {
      var draft = AccountDraft()
      draft.issuer = account.issuer
      draft.name = account.name
      draft.secret = account.secret
      draft.digits = String(account.digits)
      draft.period = String(account.period)
      _ = try AddAccount(repository: repository, ids: ids)(try draft.newAccount())
    }
  }

  /// Runs `desktop_scenario.py` with `configuration` (written into `folder`, also the home) and
  /// the scenarios `names` (its default ones when empty) in a session of its own (`session.sh`):
  /// the exit status and what the steps printed.
  static func runScenarios(_ names: [String], configuration: [String: Any], in folder: TemporaryDirectory)
    throws -> (status: Int32, steps: String)
  {
    let configurationFile = folder.path("scenario.json")
    try JSONSerialization.data(withJSONObject: configuration).write(
      to: URL(fileURLWithPath: configurationFile))

    let process = Process()
    process.executableURL = scripts.appendingPathComponent("session.sh")
    process.arguments =
      ["/usr/bin/python3", scripts.appendingPathComponent("desktop_scenario.py").path, configurationFile]
      + names
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = folder.url.path
    environment["TWOFOLD_AGENT"] = "off"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let steps = text.split(separator: "\n").filter { !$0.hasPrefix("dbus-daemon") }.joined(separator: "\n")
    return (process.terminationStatus, steps)
  }

  @Test(
    "Unlock, codes, copy, menu and About, search, add with a field's problem, delete, preferences, icons, live reload, 360 px and quit, through AT-SPI"
  )
  func scenario() throws {
    let folder = try TemporaryDirectory()
    let encrypted = folder.path("encrypted/vault.json")
    let plain = folder.path("plain/vault.json")
    try Self.makeVault(at: encrypted, password: Self.password)
    try Self.makeVault(at: plain, password: nil)
    let shots = Self.products.appendingPathComponent("desktop-screenshots").path
    let list = Self.accounts.map {
      ["issuer": $0.issuer, "name": $0.name, "secret": $0.secret, "digits": $0.digits, "period": $0.period]
        as [String: Any]
    }
    let configuration: [String: Any] = [
      "app": Self.products.appendingPathComponent("twofold-desktop").path, "screenshots": shots,
      "cli": Self.products.appendingPathComponent("twofold").path,
      "encrypted": ["vault": encrypted, "password": Self.password, "accounts": list],
      "plain": ["vault": plain, "accounts": list],
    ]
    let (status, steps) = try Self.runScenarios([], configuration: configuration, in: folder)
    #expect(status == 0, "the scenario failed:\n\(steps)")
    #expect(steps.contains("scenario encrypted: passed"), "\(steps)")
    #expect(steps.contains("scenario live_reload: passed"), "\(steps)")
    #expect(steps.contains("scenario screens: passed"), "\(steps)")
    let styled = [
      "editor-problem", "editor-advanced", "details-icon", "icon-chooser", "delete-confirmation",
      "preferences",
    ]
    .flatMap { ["\($0)-light", "\($0)-dark"] }
    for screen in [
      "unlock-wrong-password", "accounts", "about", "search", "add-account", "delete-confirmation",
      "settings-dark",
      "live-reload", "conflict-copies", "sync-problem",
      "details-qr", "edit-account", "details-icon", "icon-chooser",
      "narrow",
      "shortcuts", "file-chooser", "import-report", "export",
    ] + styled {
      #expect(FileManager.default.fileExists(atPath: "\(shots)/\(screen).png"), "no screenshot of \(screen)")
    }
  }

  @Test("A second twofold-desktop --search TEXT puts TEXT in the running window's search, and exits")
  func searchReachesRunningWindow() throws {
    let folder = try TemporaryDirectory()
    let plain = folder.path("plain/vault.json")
    try Self.makeVault(at: plain, password: nil)
    let list = Self.accounts.map {
      ["issuer": $0.issuer, "name": $0.name, "secret": $0.secret, "digits": $0.digits, "period": $0.period]
        as [String: Any]
    }
    let configuration: [String: Any] = [
      "app": Self.products.appendingPathComponent("twofold-desktop").path,
      "screenshots": Self.products.appendingPathComponent("desktop-screenshots").path,
      "plain": ["vault": plain, "accounts": list],
    ]
    let (status, steps) = try Self.runScenarios(["second_instance"], configuration: configuration, in: folder)
    #expect(status == 0, "the scenario failed:\n\(steps)")
    #expect(steps.contains("scenario second_instance: passed"), "\(steps)")
  }
}
