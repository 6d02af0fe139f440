import BrowserHost
import Testing

@Suite("Host manifest")
struct HostManifestTests {
  @Test("Chromium's manifest allows the extension's origin only")
  func chromium() {
    let manifest = HostManifest(browser: .chromium, executable: "/usr/bin/twofold")
    #expect(
      String(decoding: manifest.json.serialized(), as: UTF8.self)
        == #"{"name":"io.github.twofold","description":"Twofold: two-factor codes for the Twofold browser extension","path":"/usr/bin/twofold","type":"stdio","allowed_origins":["chrome-extension://maggmomcnhchelfjdeklmocgeajkmdll/"]}"#
    )
  }

  @Test("Firefox's manifest allows the extension's id only")
  func firefox() {
    let manifest = HostManifest(browser: .firefox, executable: "/opt/twofold")
    #expect(
      String(decoding: manifest.json.serialized(), as: UTF8.self)
        == #"{"name":"io.github.twofold","description":"Twofold: two-factor codes for the Twofold browser extension","path":"/opt/twofold","type":"stdio","allowed_extensions":["browser@twofold.github.io"]}"#
    )
  }

  @Test("an extra id goes to the browsers whose ids have its shape")
  func extraIDs() {
    let store = String(repeating: "c", count: 32)
    let extra = [store, "store@example.org", store]
    #expect(
      HostManifest(browser: .chrome, executable: "/t", extraExtensions: extra).allowedExtensions == [
        HostCaller.chromiumExtension, store,
      ])
    #expect(
      HostManifest(browser: .firefox, executable: "/t", extraExtensions: extra).allowedExtensions == [
        HostCaller.firefoxExtension, "store@example.org",
      ])
  }

  @Test("each browser's user folder, and --browser's names")
  func folders() {
    #expect(
      HostManifest.Browser.chromium.path(home: "/h", config: "/c")
        == "/c/chromium/NativeMessagingHosts/io.github.twofold.json")
    #expect(
      HostManifest.Browser.chrome.path(home: "/h", config: "/c")
        == "/c/google-chrome/NativeMessagingHosts/io.github.twofold.json")
    #expect(
      HostManifest.Browser.firefox.path(home: "/h", config: "/c")
        == "/h/.mozilla/native-messaging-hosts/io.github.twofold.json")
    #expect(HostManifest.Browser.named("all") == [.chromium, .chrome, .firefox])
    #expect(HostManifest.Browser.named("firefox") == [.firefox])
    #expect(HostManifest.Browser.named("safari") == nil)
  }
}
