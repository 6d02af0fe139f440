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

  @Test("An icon set on an account is read back; removing it drops the fields of one that was no image")
  func setAndRemove() throws {
    var account = Self.account(preserved: [
      PreservedField(key: "icon", raw: #""not base64!""#), PreservedField(key: "future", raw: "1"),
    ])
    #expect(account.icon == nil)
    let icon = try AccountIcon(format: .png, bytes: Self.png)
    account.setIcon(icon)
    #expect(account.icon == icon)
    #expect(account.preserved == [PreservedField(key: "future", raw: "1")])
    account.setIcon(nil)
    #expect(account.icon == nil)
    #expect(account.preserved == [PreservedField(key: "future", raw: "1")])
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

@Suite("Account icons' cache keys")
struct AccountIconCacheKeyTests {
  @Test(
    "The cache key is the byte count and FNV-1a of the MIME type and bytes: equal icons share it, others differ"
  )
  func cacheKey() throws {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x49, 0x48, 0x44, 0x52]
    let icon = try AccountIcon(format: .png, bytes: png)
    // FNV-1a 64 of "image/png" followed by the bytes, from Python:
    // h=0xcbf29ce484222325; for b in b"image/png"+bytes(png): h=((h^b)*0x100000001b3)%2**64
    #expect(icon.cacheKey == "c-bb6a5aaf4a0989a4")
    #expect(try AccountIcon(format: .png, bytes: png).cacheKey == icon.cacheKey)
    #expect(try AccountIcon(format: .png, bytes: png + [0]).cacheKey != icon.cacheKey)
  }
}
