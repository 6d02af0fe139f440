import BrowserHost
import Testing

@Suite("Host caller")
struct HostCallerTests {
  static let own = HostCaller.chromiumExtension

  @Test(
    "the browser's arguments name the caller",
    arguments: [
      (["chrome-extension://\(own)/"], HostCaller.chromium(own)),
      (["chrome-extension://\(own)"], .chromium(own)),
      (["chrome-extension://\(own)/", "--parent-window=0"], .chromium(own)),
      (
        ["/home/u/.mozilla/native-messaging-hosts/io.github.twofold.json", "browser@twofold.github.io"],
        .firefox("browser@twofold.github.io")
      ),
    ] as [([String], HostCaller)])
  func named(arguments: [String], caller: HostCaller) {
    #expect(HostCaller(arguments: arguments) == caller)
  }

  @Test(
    "arguments that name no extension are refused",
    arguments: [
      [], ["chrome-extension://short/"], ["chrome-extension://\(String(repeating: "z", count: 32))/"],
      ["https://example.com/"], ["relative/manifest.json", "browser@twofold.github.io"],
      ["/manifest.json"], ["/manifest.json", ""], ["/manifest.json", "a/b"],
    ] as [[String]])
  func refused(arguments: [String]) {
    #expect(HostCaller(arguments: arguments) == nil)
  }

  @Test("only the extension's own ids, and the extra ones, are allowed")
  func allowed() {
    let other = String(repeating: "b", count: 32)
    #expect(HostCaller.chromium(Self.own).isAllowed(extra: []))
    #expect(HostCaller.firefox(HostCaller.firefoxExtension).isAllowed(extra: []))
    #expect(!HostCaller.chromium(other).isAllowed(extra: []))
    #expect(HostCaller.chromium(other).isAllowed(extra: [other]))
    #expect(!HostCaller.firefox("other@example.org").isAllowed(extra: []))
    #expect(HostCaller.firefox("other@example.org").isAllowed(extra: ["other@example.org"]))
    // The Chromium id is not a Firefox one, nor the other way round.
    #expect(!HostCaller.firefox(Self.own).isAllowed(extra: []))
    #expect(!HostCaller.chromium(HostCaller.firefoxExtension).isAllowed(extra: []))
  }
}
