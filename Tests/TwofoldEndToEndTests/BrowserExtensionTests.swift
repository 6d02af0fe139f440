import Foundation
import TestSupport
import Testing

/// The extension in `Apps/Browser/`, unpacked in a real headless Chromium driven through
/// chromium-driver by `Apps/Browser/Tests/browser_test.py`: its saved HTML fixtures served over
/// HTTPS (a self-signed certificate, `--host-resolver-rules`) on ports the servers chose, and a
/// fake native messaging host (`fake_host.py`) installed as `io.github.twofold` in the profile.
@Suite(
  "The browser extension in headless Chromium", .serialized, .requires(.chromium), .requires(.chromedriver),
  .requires(.seleniumPython))
struct BrowserExtensionTests {
  /// Every check the driver must report as passed: one it silently left out fails the test.
  static let checks = [
    "plain field", "autocomplete one-time-code first", "six boxes", "controlled input", "field added later",
    "excluded fields", "page without a code field", "chooser", "lookalike domain", "plain http page",
    "cross-site frame", "same-site frame", "URL changed before the answer", "locked then unlocked",
    "autofill on the first focus",
    "popup codes and chooser", "popup unlocks", "popup binds after confirmation",
    "honeypot fields are never chosen", "SMS field first: the field the person clicked",
    "the focused field is preferred", "autofill: a page's own focus() fills nothing",
    "autofill: an autofocus field on the first interaction", "popup fills a same-site frame",
    "popup binds nothing when the page navigated", "popup copies, searches, icons and dark",
    "host started with the extension's origin",
  ]

  static let driver = SharedFixtures.packageRoot.appendingPathComponent("Apps/Browser/Tests/browser_test.py")

  @Test(
    "finds the fixtures' visible code fields (the focused one first), fills them as typing would, draws nothing where no account is bound, autofills only for a person, and the popup fills frames, binds only the domain confirmed, copies and searches"
  )
  func extensionAgainstTheFixtures() throws {
    let folder = try TemporaryDirectory()
    let output = try ProgramRun.run(
      URL(fileURLWithPath: "/usr/bin/python3"), [Self.driver.path, folder.url.path])
    let report = String(decoding: output.stdout, as: UTF8.self)
    let passed = Self.passed(report)
    for check in Self.checks {
      #expect(
        passed.contains(check), "\(check): \(report)\n\(String(decoding: output.stderr, as: UTF8.self))")
    }
    #expect(output.status == 0, "\(report)")
  }

  /// The driver's checks with the real host.
  static let realChecks = [
    "real host: fills after an askpass unlock", "real host: a bound site fills",
    "real host: the popup shows the site's code",
    "real host: a lookalike gets nothing",
    "real host: a cross-site frame is refused", "real host: the bound site framed by another site is refused",
    "real host: a plain http page is refused",
  ]

  @Test(
    "with the real host and agent: fills a bound site after an askpass unlock; a lookalike, cross-site frames and plain http get nothing, not even the button"
  )
  func extensionWithTheRealHost() throws {
    let session = try AgentSession()
    try session.makeVault()
    let home = session.folder.path("home")
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    // The list that ships with Twofold, so the test needs Chromium but not Debian's publicsuffix.
    let list = SharedFixtures.packageRoot.appendingPathComponent("Packaging/browser/public_suffix_list.dat")
      .path
    let places = [
      "HOME": home, "XDG_CONFIG_HOME": session.folder.path("config"), "TWOFOLD_PUBLIC_SUFFIX_LIST": list,
    ]
    let bind = try session.run(
      ["browser", "bind", "Deno", "example.org", "--password-file", session.passwordFile], places)
    try #require(bind.status == 0, "\(bind.stderr)")
    let install = try session.run(["browser", "install", "--browser", "chromium"], places)
    try #require(install.status == 0, "\(install.stderr)")
    let manifest = try #require(
      install.stdout.split(separator: "\n").map(String.init).first { $0.hasSuffix("io.github.twofold.json") },
      "\(install.stdout)")
    #expect(try session.heldVaults().isEmpty, "the vault is locked at first")

    // Chromium's environment, which the host it starts inherits: the session's vault, agent and askpass.
    let askpass = try session.askpass(answer: AgentSession.password)
    let environment = ProcessInfo.processInfo.environment.merging(session.environment) { $1 }
      .merging(places) { $1 }.merging(askpass.variables) { $1 }
    let output = try ProgramRun.run(
      URL(fileURLWithPath: "/usr/bin/python3"),
      [
        Self.driver.path, session.folder.path("browser"), "--host-manifest", manifest, "--secret",
        AgentSession.totpSecret,
      ], environment: environment)
    let report = String(decoding: output.stdout, as: UTF8.self)
    let passed = Self.passed(report)
    for check in Self.realChecks {
      #expect(
        passed.contains(check), "\(check): \(report)\n\(String(decoding: output.stderr, as: UTF8.self))")
    }
    #expect(output.status == 0, "\(report)")
    #expect(askpass.count() == 1, "askpass asked once, for the first fill")
  }

  /// The names of the checks the driver reported as passed (`ok NAME (SECONDS s)` lines).
  static func passed(_ report: String) -> Set<String> {
    Set(
      report.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("ok "), let end = line.range(of: " (", options: .backwards) else { return nil }
        return String(line[line.index(line.startIndex, offsetBy: 3)..<end.lowerBound])
      })
  }
}
