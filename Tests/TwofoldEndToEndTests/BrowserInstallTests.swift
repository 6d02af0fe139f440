import Foundation
import TestSupport
import Testing

/// `twofold browser install|uninstall` with HOME and XDG_CONFIG_HOME in a temporary folder.
@Suite("Browser install")
struct BrowserInstallTests {
  let folder: TemporaryDirectory
  let environment: [String: String]

  init() throws {
    folder = try TemporaryDirectory()
    environment = ["HOME": folder.path("home"), "XDG_CONFIG_HOME": folder.path("config")]
  }

  var chromium: String { folder.path("config/chromium/NativeMessagingHosts/io.github.twofold.json") }
  var chrome: String { folder.path("config/google-chrome/NativeMessagingHosts/io.github.twofold.json") }
  var firefox: String { folder.path("home/.mozilla/native-messaging-hosts/io.github.twofold.json") }

  func manifest(_ path: String) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
      ?? [:]
  }

  @Test("install writes the three manifests naming this twofold by absolute path and the extension only")
  func installsAll() throws {
    let result = try TwofoldProcess.run(["browser", "install"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == [chromium, chrome, firefox].map { $0 + "\n" }.joined())
    let binary = TwofoldProcess.binary.resolvingSymlinksInPath().path
    for path in [chromium, chrome] {
      let json = try manifest(path)
      #expect(json["name"] as? String == "io.github.twofold")
      #expect(json["type"] as? String == "stdio")
      #expect(json["path"] as? String == binary)
      #expect(
        json["allowed_origins"] as? [String] == ["chrome-extension://maggmomcnhchelfjdeklmocgeajkmdll/"])
      #expect(json["allowed_extensions"] == nil)
    }
    let json = try manifest(firefox)
    #expect(json["path"] as? String == binary)
    #expect(json["allowed_extensions"] as? [String] == ["browser@twofold.github.io"])
    #expect(json["allowed_origins"] == nil)
    #expect((json["path"] as? String)?.hasPrefix("/") == true)
  }

  @Test("--browser writes one manifest; --extension-id allows a store build too")
  func oneBrowserAndExtraID() throws {
    let store = String(repeating: "k", count: 32)
    let result = try TwofoldProcess.run(
      ["browser", "install", "--browser", "chromium", "--extension-id", store], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == chromium + "\n")
    #expect(
      try manifest(chromium)["allowed_origins"] as? [String] == [
        "chrome-extension://maggmomcnhchelfjdeklmocgeajkmdll/", "chrome-extension://\(store)/",
      ])
    #expect(!FileManager.default.fileExists(atPath: firefox))
    #expect(!FileManager.default.fileExists(atPath: chrome))
    // The host accepts the store build too: its id is in browser.json.
    let bindings = try manifest(folder.path("config/twofold/browser.json"))
    #expect(bindings["extension_ids"] as? [String] == [store])
    let host = try BrowserHostRun.run(
      [#"{"version":1,"type":"settings"}"#], arguments: ["browser-host", "chrome-extension://\(store)/"],
      environment: environment)
    #expect(host.status == 0, "\(host.stderr)")
    #expect(host.answers.map { $0["type"] as? String } == ["settings"])
    let other = try BrowserHostRun.run(
      [#"{"version":1,"type":"settings"}"#],
      arguments: ["browser-host", "chrome-extension://\(String(repeating: "l", count: 32))/"],
      environment: environment)
    #expect(other.status == 2 && other.stdout.isEmpty)
  }

  @Test("uninstall removes what install wrote, and says when there was nothing")
  func uninstall() throws {
    #expect(try TwofoldProcess.run(["browser", "install"], environment: environment).status == 0)
    let removed = try TwofoldProcess.run(
      ["browser", "uninstall", "--browser", "firefox"], environment: environment)
    #expect(removed.status == 0)
    #expect(removed.stdout == "removed \(firefox)\n")
    #expect(!FileManager.default.fileExists(atPath: firefox))
    #expect(FileManager.default.fileExists(atPath: chromium))
    let rest = try TwofoldProcess.run(["browser", "uninstall"], environment: environment)
    #expect(rest.stdout == "removed \(chromium)\nremoved \(chrome)\n")
    let again = try TwofoldProcess.run(["browser", "uninstall"], environment: environment)
    #expect(again.status == 0)
    #expect(again.stdout == "no host manifest was installed\n")
  }

  @Test(
    "a bad browser name or extension id is status 2 and writes nothing",
    arguments: [
      ["browser", "install", "--browser", "safari"],
      ["browser", "install", "--extension-id", "not an id"],
      ["browser", "install", "--extension-id", "chrome-extension://abc/"],
      ["browser", "uninstall", "--extension-id", String(repeating: "k", count: 32)],
      ["browser", "reinstall"],
      ["browser", "install", "chromium"],
      ["browser", "install", "--json"],
      ["browser", "autofill", "on", "--browser", "firefox"],
    ])
  func badArguments(arguments: [String]) throws {
    let result = try TwofoldProcess.run(arguments, environment: environment)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("twofold: ") && result.stderr.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: folder.path("config")))
    #expect(!FileManager.default.fileExists(atPath: folder.path("home")))
  }
}
