import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `twofold browser-host` run as the browser runs it, framed messages on standard input, with a
/// real agent holding a real vault in a private `XDG_RUNTIME_DIR` (killed when each test ends).
@Suite("Browser host", .serialized)
struct BrowserHostTests {
  let session: AgentSession
  /// `XDG_CONFIG_HOME`, where `browser.json` is.
  let config: [String: String]

  init() throws {
    session = try AgentSession()
    config = ["XDG_CONFIG_HOME": session.folder.path("config")]
  }

  /// The vault of `AgentSession.makeVault`, with `Deno:Mason` bound to deno.com and `RFC:hotp`
  /// to rfc.test; the accounts' ids by label.
  func makeBoundVault() throws -> [String: String] {
    try session.makeVault()
    let ids = try self.ids()
    try bind([ids["Deno:Mason"]!: ["deno.com"], ids["RFC:hotp"]!: ["rfc.test"]])
    return ids
  }

  /// Writes `browser.json` with these bindings, as `twofold browser bind` writes it.
  func bind(_ accounts: [String: [String]]) throws {
    let folder = session.folder.path("config/twofold")
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let object: [String: Any] = ["version": 1, "autofill": false, "extension_ids": [], "accounts": accounts]
    let path = folder + "/browser.json"
    try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
    chmod(path, 0o600)
  }

  func run(_ arguments: [String], _ extra: [String: String] = [:]) throws -> TwofoldProcess.Output {
    try session.run(arguments, config.merging(extra) { $1 })
  }

  func ids() throws -> [String: String] {
    let listed = try run(["list", "--json", "--password-file", session.passwordFile])
    let accounts = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
    return Dictionary(
      uniqueKeysWithValues: accounts.map {
        ("\($0["issuer"] ?? ""):\($0["name"] ?? "")", "\($0["id"] ?? "")")
      })
  }

  func host(_ messages: [String], _ extra: [String: String] = [:]) throws -> BrowserHostRun.Output {
    try BrowserHostRun.run(
      messages, environment: session.environment.merging(config) { $1 }.merging(extra) { $1 })
  }

  /// The TOTP codes of `Deno:Mason` at the two ends of a stretch of time.
  func denoCodes(during body: () throws -> Void) throws -> Set<String> {
    let uri = "otpauth://totp/Deno:Mason?secret=\(AgentSession.totpSecret)&issuer=Deno"
    let before = Int(Date().timeIntervalSince1970)
    try body()
    let after = Int(Date().timeIntervalSince1970)
    return Set(
      try [before, after].map {
        try TwofoldProcess.run(["code", "--uri", uri, "--at", String($0)]).stdout.trimmingCharacters(
          in: .newlines)
      })
  }

  @Test("locked without an agent (none is started); askpass unlocks; then the bound codes fill")
  func lockedUnlockFill() throws {
    let ids = try makeBoundVault()
    let locked = try host([BrowserHostRun.fill("https://deno.com/login")])
    #expect(locked.status == 0, "\(locked.stderr)")
    #expect(locked.answers.map { $0["type"] as? String } == ["locked"])
    #expect(try session.status().running == false)

    let askpass = try session.askpass(answer: AgentSession.password)
    var unlocked: BrowserHostRun.Output?
    let expected = try denoCodes {
      unlocked = try host(
        [
          #"{"version":1,"type":"unlock"}"#, BrowserHostRun.fill("https://deno.com/login"),
          BrowserHostRun.fill("https://rfc.test/"), BrowserHostRun.fill("https://www.rfc.test/otp"),
        ], askpass.variables)
    }
    let answers = try #require(unlocked).answers
    #expect(answers.map { $0["type"] as? String } == ["unlocked", "code", "code", "code"])
    #expect(askpass.count() == 1)
    #expect(try session.heldVaults() == [session.vault])
    #expect(answers[1]["id"] as? String == ids["Deno:Mason"])
    #expect(answers[1]["issuer"] as? String == "Deno" && answers[1]["name"] as? String == "Mason")
    #expect(expected.contains(answers[1]["code"] as? String ?? "none"))
    #expect((answers[1]["seconds_left"] as? Int).map { (1...30).contains($0) } == true)
    #expect(answers[2]["code"] as? String == "755224" && answers[2]["seconds_left"] is NSNull)
    #expect(answers[3]["code"] as? String == "287082")
    // The HOTP counter was saved through the agent: the next code is the third.
    #expect(try run(["code", "RFC:hotp"]).stdout == "359152\n")
  }

  @Test("a killed agent is locked again; a chosen account not matched to the page is refused")
  func killedAgentAndChosenAccount() throws {
    let ids = try makeBoundVault()
    #expect(try session.direct(["unlock"]).status == 0)
    let chosen = try host([
      BrowserHostRun.fill("https://deno.com/", id: ids["RFC:hotp"]),
      BrowserHostRun.fill("https://deno.com/", id: ids["Deno:Mason"]),
      #"{"version":1,"type":"fill","url":"http://deno.com/","top":"http://deno.com/"}"#,
      #"{"version":1,"type":"fill","url":"https://deno.com/","top":"https://evil.test/"}"#,
      BrowserHostRun.fill("https://deno.com.evil.test/"),
    ])
    #expect(
      chosen.answers.map { $0["type"] as? String } == ["refused", "code", "refused", "refused", "no_account"])
    #expect(
      chosen.answers.map { $0["reason"] as? String } == [
        "not_matched", nil, "insecure_page", "cross_site_frame", nil,
      ])
    // An agent that runs but no longer holds the vault.
    #expect(try run(["lock"]).status == 0)
    let relocked = try host([BrowserHostRun.fill("https://deno.com/")])
    #expect(relocked.answers.map { $0["type"] as? String } == ["locked"])
    #expect(try session.status().running == true)
    #expect(try session.direct(["unlock"]).status == 0)
    session.stopAgent()
    let after = try host([BrowserHostRun.fill("https://deno.com/")])
    #expect(after.status == 0)
    #expect(after.answers.map { $0["type"] as? String } == ["locked"])
    #expect(try session.status().running == false)
  }

  @Test("a cancelled askpass answers cancelled and unlocks nothing")
  func cancelled() throws {
    _ = try makeBoundVault()
    let askpass = try session.askpass(answer: nil)
    let result = try host(
      [#"{"version":1,"type":"unlock"}"#, BrowserHostRun.fill("https://deno.com/")], askpass.variables)
    #expect(result.answers.map { $0["type"] as? String } == ["cancelled", "locked"])
    #expect(try session.status().vaults.isEmpty)
  }

  @Test("malformed, oversized and other-version messages are answered with errors and the host goes on")
  func badMessagesThenGood() throws {
    try session.makeVault()
    let oversized = BrowserHostRun.frame(Data(repeating: UInt8(ascii: " "), count: 65 * 1024))
    let input =
      BrowserHostRun.frame("not json") + oversized + BrowserHostRun.frame(#"{"version":9,"type":"settings"}"#)
      + BrowserHostRun.frame(#"{"version":1,"type":"steal"}"#)
      + BrowserHostRun.frame(#"{"version":1,"type":"settings"}"#)
    let result = try BrowserHostRun.run(
      bytes: input, arguments: ["browser-host", BrowserHostRun.origin],
      environment: session.environment.merging(config) { $1 })
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.answers.map { $0["type"] as? String } == ["error", "error", "error", "error", "settings"])
    #expect(
      result.answers[1]["message"] as? String == "the message of 66560 bytes is over the limit of 65536 bytes"
    )
    #expect(result.answers[4]["autofill"] as? Bool == false)
  }

  @Test("an unencrypted vault is read directly, without an agent")
  func unencrypted() throws {
    #expect(try run(["init", "--unencrypted"]).status == 0)
    #expect(
      try run(["add", "--uri", "otpauth://hotp/RFC:hotp?secret=\(AgentSession.hotpSecret)&counter=0"]).status
        == 0)
    try bind([try #require(try ids()["RFC:hotp"]): ["localhost"]])
    let result = try host([BrowserHostRun.fill("http://localhost:8080/")], ["TWOFOLD_AGENT": "off"])
    #expect(result.answers.first?["code"] as? String == "755224", "\(result.stderr)")
  }

  @Test("a damaged browser.json is an error naming it, and the file is left as it was")
  func damagedBindings() throws {
    try session.makeVault()
    let path = session.folder.path("config/twofold/browser.json")
    try FileManager.default.createDirectory(
      atPath: session.folder.path("config/twofold"), withIntermediateDirectories: true)
    let damaged = "{\"version\": 1,\n\"accounts\": {\n"
    try Data(damaged.utf8).write(to: URL(fileURLWithPath: path))
    chmod(path, 0o600)
    let result = try host([BrowserHostRun.fill("https://deno.com/"), #"{"version":1,"type":"settings"}"#])
    #expect(result.answers.map { $0["type"] as? String } == ["error", "error"])
    #expect((result.answers.first?["message"] as? String)?.contains(path) == true)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == damaged)
  }

  @Test(
    "the browser's own calls start the host without the command word: Chromium's origin, Firefox's manifest and id"
  )
  func startedByTheBrowser() throws {
    let settings = #"{"version":1,"type":"settings"}"#
    for arguments in [
      [BrowserHostRun.origin],
      ["/home/u/.mozilla/native-messaging-hosts/io.github.twofold.json", "browser@twofold.github.io"],
    ] {
      let result = try BrowserHostRun.run([settings], arguments: arguments, environment: config)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.answers.map { $0["type"] as? String } == ["settings"])
    }
  }

  @Test(
    "another caller is refused with status 2, and nothing is read or written",
    arguments: [
      ["browser-host", "chrome-extension://\(String(repeating: "b", count: 32))/"],
      ["browser-host", "/m/io.github.twofold.json", "other@example.org"],
      ["chrome-extension://\(String(repeating: "c", count: 32))/"],
      ["browser-host"],
      ["browser-host", "https://deno.com/"],
    ])
  func otherCallerRefused(arguments: [String]) throws {
    let input = session.folder.path("input")
    try BrowserHostRun.frame(#"{"version":1,"type":"settings"}"#).write(to: URL(fileURLWithPath: input))
    let handle = try #require(FileHandle(forReadingAtPath: input))
    let process = Process()
    process.executableURL = TwofoldProcess.binary
    process.arguments = arguments
    process.environment = [
      "PATH": "/usr/bin:/bin", "HOME": session.folder.path("home"), "TWOFOLD_AGENT": "off",
    ]
    .merging(config) { $1 }
    let output = Pipe()
    let error = Pipe()
    process.standardInput = handle
    process.standardOutput = output
    process.standardError = error
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 2)
    #expect(output.fileHandleForReading.readDataToEndOfFile().isEmpty)
    #expect(!error.fileHandleForReading.readDataToEndOfFile().isEmpty)
    // The host shares the file's offset: it is still at the start.
    #expect(lseek(handle.fileDescriptor, 0, SEEK_CUR) == 0)
  }
}
