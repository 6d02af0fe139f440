import Domain
import Testing

@Suite("AccountIcon")
struct AccountIconTests {
  static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("IHDR".utf8)
  static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8)
  static let svg = #"<svg xmlns="http://www.w3.org/2000/svg"/>"#

  @Test(
    "An image is accepted as its format and refused as another",
    arguments: [
      (.png, png, nil), (.jpeg, jpeg, nil), (.svg, Array(svg.utf8), nil), (.jpeg, png, .notAnImage),
      (.png, jpeg, .notAnImage), (.svg, png, .notAnImage), (.png, Array(svg.utf8), .notAnImage),
      (.png, [], .notAnImage), (.svg, [], .notAnImage),
    ] as [(AccountIcon.Format, [UInt8], AccountIcon.Problem?)])
  func formats(format: AccountIcon.Format, bytes: [UInt8], problem: AccountIcon.Problem?) {
    #expect(
      Self.problem { () throws(AccountIcon.Problem) in _ = try AccountIcon(format: format, bytes: bytes) }
        == problem)
  }

  @Test(
    "The format is guessed from the magic number, SVG from XML text or the .svg extension",
    arguments: [
      (png, "icon.svg", .png), (jpeg, nil, .jpeg), (Array(svg.utf8), nil, .svg),
      (Array("\u{FEFF}\n <?xml version=\"1.0\"?>\n\(svg)".utf8), "x.SVG", .svg),
      (Array("  \(svg)".utf8), "icon.png", .svg),
    ] as [([UInt8], String?, AccountIcon.Format)])
  func guessed(bytes: [UInt8], fileName: String?, format: AccountIcon.Format) throws {
    let icon = try AccountIcon(bytes: bytes, fileName: fileName)
    #expect(icon.format == format)
    #expect(icon.bytes == bytes)
  }

  @Test(
    "Bytes that are no image Aegis keeps are refused, naming a known other format",
    arguments: [
      (Array("GIF89a".utf8), "a.gif", .unsupportedFormat("GIF")),
      (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), nil, .unsupportedFormat("WebP")),
      ([0x1F, 0x8B, 0x08, 0x00], "a.svgz", .unsupportedFormat("Compressed (gzip, SVGZ)")),
      (Array("hello".utf8), nil, .notAnImage), (Array("hello".utf8), "hello.svg", .notAnImage),
      (Array("BMW is not a bitmap".utf8), nil, .notAnImage), ([], nil, .notAnImage),
      (Array("<html><svg/></html>".utf8), nil, .notAnImage),
    ] as [([UInt8], String?, AccountIcon.Problem)])
  func refused(bytes: [UInt8], fileName: String?, problem: AccountIcon.Problem) {
    #expect(
      Self.problem { () throws(AccountIcon.Problem) in _ = try AccountIcon(bytes: bytes, fileName: fileName) }
        == problem)
  }

  @Test("An icon of exactly 1 MiB is accepted and one byte more is too large")
  func size() throws {
    let largest = Self.png + [UInt8](repeating: 0, count: AccountIcon.maximumSize - Self.png.count)
    #expect(try AccountIcon(format: .png, bytes: largest).bytes.count == 1 << 20)
    #expect(
      Self.problem { () throws(AccountIcon.Problem) in _ = try AccountIcon(format: .png, bytes: largest + [0])
      }
        == .tooLarge(1_048_577))
    #expect(
      Self.problem { () throws(AccountIcon.Problem) in
        _ = try AccountIcon(bytes: largest + [0], fileName: nil)
      }
        == .tooLarge(1_048_577))
    #expect(AccountIcon.Problem.tooLarge(1_048_577).message.contains("1048577"))
  }

  @Test(
    "An SVG referring outside itself is refused, naming the reference",
    arguments: [
      (
        #"<svg xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="http://example.com/a.png"/></svg>"#,
        "http://example.com/a.png"
      ),
      (#"<svg><use href="file:///etc/passwd#x"/></svg>"#, "file:///etc/passwd#x"),
      (#"<svg><use HREF = ' file:x' /></svg>"#, " file:x"),
      (#"<svg><image src="HTTPS://example.com/a.png"/></svg>"#, "HTTPS://example.com/a.png"),
      (#"<svg><a href="&#104;ttp://example.com/">x</a></svg>"#, "&#104;ttp://example.com/"),
      (
        #"<svg><rect style="fill:url(http://example.com/p.svg#g)"/></svg>"#, "url(http://example.com/p.svg#g)"
      ),
      (#"<svg><style>rect { fill: URL( "https://x/p#g" ) }</style></svg>"#, #"URL( "https://x/p#g" )"#),
      (#"<?xml-stylesheet href="https://x/s.css"?><svg/>"#, "<?xml-stylesheet"),
      (#"<svg><style>@import "https://x/f.css";</style></svg>"#, "@import"),
      (#"<!DOCTYPE svg SYSTEM "http://x/evil.dtd"><svg/>"#, "<!DOCTYPE svg SYSTEM"),
      (
        #"<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg/>"#,
        "<!DOCTYPE svg PUBLIC"
      ),
      (#"<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>"#, "<!ENTITY"),
      (
        #"<svg><foreignObject><img xmlns="http://www.w3.org/1999/xhtml" src="//x/a.png"/></foreignObject></svg>"#,
        "//x/a.png"
      ),
      // CSS escapes and character references that spell url( or @import past the checks (issue 32).
      (
        #"<svg><rect style="fill:u\72l(http://x/p.svg#g)"/></svg>"#,
        "an escape in the CSS of a style attribute"
      ),
      (
        #"<svg><rect style="fill:u&#114;l(http://x/p.svg#g)"/></svg>"#,
        "an escape in the CSS of a style attribute"
      ),
      (
        #"<svg><style>@\69mport "https://x/f.css";</style></svg>"#,
        "an escape in the CSS of a <style> element"
      ),
      (
        #"<svg><style>rect { fill: \75rl(https://x/p#g) }</style></svg>"#,
        "an escape in the CSS of a <style> element"
      ),
      (
        #"<svg><STYLE><![CDATA[ @\000069mport "https://x/f.css"; ]]></STYLE></svg>"#,
        "an escape in the CSS of a <style> element"
      ),
      (
        #"<svg><style>&#64;import "https://x/f.css";</style></svg>"#,
        "an escape in the CSS of a <style> element"
      ),
    ])
  func externalReference(svg: String, reference: String) {
    #expect(
      Self.problem { () throws(AccountIcon.Problem) in
        _ = try AccountIcon(format: .svg, bytes: Array(svg.utf8))
      }
        == .externalReference(reference))
  }

  @Test(
    "An SVG referring only to itself or inline data is accepted",
    arguments: [
      """
      <?xml version="1.0" encoding="UTF-8" standalone="no"?>
      <!-- Drawn by hand: <image href="http://example.com"/> in a comment is no reference -->
      <!DOCTYPE svg>
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24">
        <defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>
        <rect width="24" height="24" fill="url(#g)" style="stroke: url( '#g' )"/>
        <use xlink:href="#g"/><use href=""/>
        <image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
        <style><![CDATA[ rect { fill: url(DATA:image/png;base64,AAAA) } ]]></style>
        <text data-source="https://example.com" style="font-family:&quot;DejaVu Sans&quot;">a &lt; b</text>
      </svg>
      """,
      #"<!DOCTYPE svg [ <!ATTLIST svg id ID #IMPLIED> ]><svg id="root"></svg>"#,
      "<svg\n/>",
    ])
  func internalReferences(svg: String) throws {
    #expect(try AccountIcon(format: .svg, bytes: Array(svg.utf8)).format == .svg)
  }

  @Test(
    "Text that is not an SVG document is not an image",
    arguments: [
      "<svgx/>", "<html><svg/></html>", "<svg", "<svg><rect width=1/></svg>", "<svg><rect x=\"1/></svg>",
      "<!-- never closed <svg/>", "<svg><!DOCTYPE x></svg>", "svg",
    ])
  func notSVG(text: String) {
    #expect(
      Self.problem { () throws(AccountIcon.Problem) in
        _ = try AccountIcon(format: .svg, bytes: Array(text.utf8))
      }
        == .notAnImage)
  }

  @Test("An SVG that is not UTF-8 is not an image")
  func notUTF8() {
    let bytes = Array("<svg><text>".utf8) + [0xFF, 0xFE] + Array("</text></svg>".utf8)
    #expect(
      Self.problem { () throws(AccountIcon.Problem) in _ = try AccountIcon(format: .svg, bytes: bytes) }
        == .notAnImage)
  }

  // Expected values from `printf 'image/png\x89PNG\r\n\x1a\nIHDR' | sha256sum` and
  // `printf 'image/svg+xml<svg xmlns="http://www.w3.org/2000/svg"/>' | sha256sum`.
  @Test(
    "The hash is Aegis's icon_hash: SHA-256 of the MIME type followed by the bytes, in lowercase hex",
    arguments: [
      (
        AccountIcon.Format.png, png, "image/png",
        "60ef2c0b09d4f5a2332acb86bd15bb2e7602657ce2d564f2f922053469ad1953"
      ),
      (
        .svg, Array(svg.utf8), "image/svg+xml",
        "b42abdddb00acd4b83211a74657c7303d76a49b9688cf6265afbfa5e210f945d"
      ),
    ])
  func hash(format: AccountIcon.Format, bytes: [UInt8], mime: String, hash: String) throws {
    let icon = try AccountIcon(format: format, bytes: bytes)
    #expect(icon.mime == mime)
    #expect(icon.hash == hash)
  }

  @Test("An icon set on an account is read back, with its MIME type and hash beside it")
  func roundTrip() throws {
    var account = Self.account(preserved: [PreservedField(key: "future", raw: "1")])
    let icon = try AccountIcon(format: .png, bytes: Self.png)
    account.setIcon(icon)
    #expect(account.icon == icon)
    #expect(
      account.preserved == [
        PreservedField(key: "icon", raw: #""iVBORw0KGgpJSERS""#),
        PreservedField(key: "icon_mime", raw: #""image/png""#),
        PreservedField(
          key: "icon_hash", raw: #""60ef2c0b09d4f5a2332acb86bd15bb2e7602657ce2d564f2f922053469ad1953""#),
        PreservedField(key: "future", raw: "1"),
      ])
    let svg = try AccountIcon(format: .svg, bytes: Array(Self.svg.utf8))
    account.setIcon(svg)
    #expect(account.icon == svg)
    #expect(account.preserved.map(\.key) == ["icon", "icon_mime", "icon_hash", "future"])
  }

  @Test("A new icon takes the old one's place among the preserved fields")
  func replacedInPlace() throws {
    var account = Self.account(preserved: [
      PreservedField(key: "before", raw: "1"), PreservedField(key: "icon", raw: "null"),
      PreservedField(key: "after", raw: "2"),
    ])
    account.setIcon(try AccountIcon(format: .jpeg, bytes: Self.jpeg))
    #expect(account.preserved.map(\.key) == ["before", "icon", "icon_mime", "icon_hash", "after"])
    #expect(account.icon?.format == .jpeg)
  }

  @Test("Removing the icon removes icon, icon_mime and icon_hash and keeps the other fields")
  func removed() throws {
    var account = Self.account(preserved: [PreservedField(key: "future", raw: "1")])
    account.setIcon(try AccountIcon(format: .png, bytes: Self.png))
    account.setIcon(nil)
    #expect(account.icon == nil)
    #expect(account.preserved == [PreservedField(key: "future", raw: "1")])
  }

  @Test("Base64 with Android's \\/ escapes and a MIME type with one are read as JSON")
  func androidEscapes() throws {
    let account = Self.account(preserved: [
      PreservedField(key: "icon", raw: #""iVBORw0KGgr\/\/\/8=""#),
      PreservedField(key: "icon_mime", raw: #""image\/png""#),
    ])
    #expect(account.icon?.bytes == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF, 0xFF, 0xFF])
    #expect(account.icon?.format == .png)
  }

  @Test(
    "An icon that is absent, null or unreadable is none",
    arguments: [
      [], [PreservedField(key: "icon", raw: "null")],
      [PreservedField(key: "icon", raw: "null"), PreservedField(key: "icon_mime", raw: #""image/png""#)],
      [PreservedField(key: "icon", raw: #""not base64!""#)],
      [PreservedField(key: "icon", raw: "iVBORw0KGgo")],
      [PreservedField(key: "icon", raw: "42")],
      [
        PreservedField(key: "icon", raw: #""iVBORw0KGgpJSERS""#),
        PreservedField(key: "icon_mime", raw: #""image/gif""#),
      ],
      [
        PreservedField(key: "icon", raw: #""iVBORw0KGgpJSERS""#),
        PreservedField(key: "icon_mime", raw: #""image/jpeg""#),
      ],
      [PreservedField(key: "icon", raw: #""aGVsbG8=""#)],
      [PreservedField(key: "icon_mime", raw: #""image/png""#)],
    ])
  func noIcon(preserved: [PreservedField]) {
    #expect(Self.account(preserved: preserved).icon == nil)
  }

  @Test("An icon without icon_mime (older Aegis vaults) is read by its magic number")
  func withoutMime() {
    let account = Self.account(preserved: [PreservedField(key: "icon", raw: #""iVBORw0KGgpJSERS""#)])
    #expect(account.icon?.format == .png)
    #expect(account.icon?.bytes == Self.png)
  }

  @Test("A setIcon change saves the icon on the account, answers it, and with nil removes it")
  func setIconChange() throws {
    let repository = InMemoryVaultRepository(VaultContents(accounts: [Self.account(preserved: [])]))
    let icon = try AccountIcon(format: .png, bytes: Self.png)
    let saved = try repository.perform(.setIcon(Account.ID("a"), icon), ids: .counting()).account()
    #expect(saved.icon == icon)
    #expect(try repository.load().accounts[0].icon == icon)
    _ = try repository.perform(.setIcon(Account.ID("a"), nil), ids: .counting())
    #expect(try repository.load().accounts[0].preserved == [])
    #expect(throws: DomainError.self) {
      try repository.perform(.setIcon(Account.ID("x"), icon), ids: .counting())
    }
  }

  static func account(preserved: [PreservedField]) -> Account {
    var account = Sample.totp("a", issuer: "Example")
    account.preserved = preserved
    return account
  }

  static func problem(_ body: () throws(AccountIcon.Problem) -> Void) -> AccountIcon.Problem? {
    do {
      try body()
      return nil
    } catch {
      return error
    }
  }
}
