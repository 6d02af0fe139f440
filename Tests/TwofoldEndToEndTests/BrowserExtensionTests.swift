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
    "popup codes and chooser", "popup binds after confirmation", "host started with the extension's origin",
  ]

  static let driver = SharedFixtures.packageRoot.appendingPathComponent("Apps/Browser/Tests/browser_test.py")

  @Test(
    "finds the fixtures' code fields, fills them as typing would, and fills nothing the host refuses or after the URL changed"
  )
  func extensionAgainstTheFixtures() throws {
    let folder = try TemporaryDirectory()
    let output = try ProgramRun.run(
      URL(fileURLWithPath: "/usr/bin/python3"), [Self.driver.path, folder.url.path])
    let report = String(decoding: output.stdout, as: UTF8.self)
    let passed = Set(
      report.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("ok "), let end = line.range(of: " (", options: .backwards) else { return nil }
        return String(line[line.index(line.startIndex, offsetBy: 3)..<end.lowerBound])
      })
    for check in Self.checks {
      #expect(
        passed.contains(check), "\(check): \(report)\n\(String(decoding: output.stderr, as: UTF8.self))")
    }
    #expect(output.status == 0, "\(report)")
  }
}
