import Domain
import Testing

@Suite("WebPage")
struct WebPageTests {
  @Test(
    "Pages a code may be filled on",
    arguments: [
      ("https://example.com/login", WebPage.Scheme.https, WebPage.Host.name("example.com"), nil as Int?),
      ("https://Accounts.Example.COM:8443/a?b#c", .https, .name("accounts.example.com"), 8443),
      ("https://example.com.", .https, .name("example.com"), nil),
      ("https://xn--bcher-kva.example/", .https, .name("xn--bcher-kva.example"), nil),
      ("HTTPS://example.com", .https, .name("example.com"), nil),
      ("https://192.168.1.1/", .https, .ipv4("192.168.1.1"), nil),
      ("https://[2001:DB8::1]:444/", .https, .ipv6("[2001:db8::1]"), 444),
      ("https://[::ffff:192.0.2.1]/", .https, .ipv6("[::ffff:192.0.2.1]"), nil),
      ("https://[1:2:3:4:5:6:7:8]/", .https, .ipv6("[1:2:3:4:5:6:7:8]"), nil),
      ("https://[::]/", .https, .ipv6("[::]"), nil),
      ("http://localhost:3000/login", .http, .name("localhost"), 3000),
      ("http://127.0.0.1/", .http, .ipv4("127.0.0.1"), nil),
      ("https://evil.test\\@example.com/", .https, .name("evil.test"), nil),
    ])
  func accepted(url: String, scheme: WebPage.Scheme, host: WebPage.Host, port: Int?) throws {
    let page = try WebPage(url: url)
    #expect(page.scheme == scheme)
    #expect(page.host == host)
    #expect(page.port == port)
  }

  @Test(
    "Plain http away from localhost, and other schemes, are insecure",
    arguments: [
      "http://example.com/", "http://localhost.example.com/", "http://127.0.0.2/", "http://[::1]/",
      "ftp://example.com/", "file:///etc/passwd", "javascript:alert(1)", "data:text/html,x", "about:blank",
      "chrome-extension://abc/popup.html",
    ])
  func insecure(url: String) {
    #expect(throws: WebPage.Error.insecure) { try WebPage(url: url) }
  }

  @Test(
    "User information, bad hosts and ports, and text that is no URL are unparsable",
    arguments: [
      "https://example.com@evil.test/", "https://user:pass@example.com/", "https://", "https:///path",
      "https:example.com", "https://exa mple.com/", "https://example.com:99999/", "https://example.com:8a/",
      "https://[::1/", "https://[example.com]/", "https://example..com/", "https://1.2.3/", "https://0x7f.1/",
      "https://%65xample.com/", "https://bücher.example/", "", "example.com", "://x",
      "https://example.com/a b",
    ])
  func unparsable(url: String) {
    #expect(throws: WebPage.Error.unparsable) { try WebPage(url: url) }
  }
}
