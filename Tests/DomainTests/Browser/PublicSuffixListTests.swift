import Domain
import TestSupport
import Testing

@Suite("PublicSuffixList")
struct PublicSuffixListTests {
  /// The Public Suffix List's own test cases (publicsuffix/list `tests/test_psl.txt`, public
  /// domain): a host and its registrable domain, nil where it has none. The null input and the
  /// commented-out `local` cases are left out.
  static let published: [(String, String?)] = [
    // Mixed case.
    ("COM", nil), ("example.COM", "example.com"), ("WwW.example.COM", "example.com"),
    // Leading dot.
    (".com", nil), (".example", nil), (".example.com", nil), (".example.example", nil),
    // Unlisted TLD.
    ("example", nil), ("example.example", "example.example"), ("b.example.example", "example.example"),
    ("a.b.example.example", "example.example"),
    // TLD with only 1 rule.
    ("biz", nil), ("domain.biz", "domain.biz"), ("b.domain.biz", "domain.biz"),
    ("a.b.domain.biz", "domain.biz"),
    // TLD with some 2-level rules.
    ("com", nil), ("example.com", "example.com"), ("b.example.com", "example.com"),
    ("a.b.example.com", "example.com"), ("uk.com", nil), ("example.uk.com", "example.uk.com"),
    ("b.example.uk.com", "example.uk.com"), ("a.b.example.uk.com", "example.uk.com"), ("test.ac", "test.ac"),
    // TLD with only 1 (wildcard) rule.
    ("mm", nil), ("c.mm", nil), ("b.c.mm", "b.c.mm"), ("a.b.c.mm", "b.c.mm"),
    // More complex TLD.
    ("jp", nil), ("test.jp", "test.jp"), ("www.test.jp", "test.jp"), ("ac.jp", nil),
    ("test.ac.jp", "test.ac.jp"),
    ("www.test.ac.jp", "test.ac.jp"), ("kyoto.jp", nil), ("test.kyoto.jp", "test.kyoto.jp"),
    ("ide.kyoto.jp", nil), ("b.ide.kyoto.jp", "b.ide.kyoto.jp"), ("a.b.ide.kyoto.jp", "b.ide.kyoto.jp"),
    ("c.kobe.jp", nil), ("b.c.kobe.jp", "b.c.kobe.jp"), ("a.b.c.kobe.jp", "b.c.kobe.jp"),
    ("city.kobe.jp", "city.kobe.jp"), ("www.city.kobe.jp", "city.kobe.jp"),
    // TLD with a wildcard rule and exceptions.
    ("ck", nil), ("test.ck", nil), ("b.test.ck", "b.test.ck"), ("a.b.test.ck", "b.test.ck"),
    ("www.ck", "www.ck"),
    ("www.www.ck", "www.ck"),
    // US K12.
    ("us", nil), ("test.us", "test.us"), ("www.test.us", "test.us"), ("ak.us", nil),
    ("test.ak.us", "test.ak.us"),
    ("www.test.ak.us", "test.ak.us"), ("k12.ak.us", nil), ("test.k12.ak.us", "test.k12.ak.us"),
    ("www.test.k12.ak.us", "test.k12.ak.us"),
    // IDN labels.
    ("食狮.com.cn", "食狮.com.cn"), ("食狮.公司.cn", "食狮.公司.cn"), ("www.食狮.公司.cn", "食狮.公司.cn"),
    ("shishi.公司.cn", "shishi.公司.cn"), ("公司.cn", nil), ("食狮.中国", "食狮.中国"), ("www.食狮.中国", "食狮.中国"),
    ("shishi.中国", "shishi.中国"), ("中国", nil),
    // Same as above, but punycoded.
    ("xn--85x722f.com.cn", "xn--85x722f.com.cn"), ("xn--85x722f.xn--55qx5d.cn", "xn--85x722f.xn--55qx5d.cn"),
    ("www.xn--85x722f.xn--55qx5d.cn", "xn--85x722f.xn--55qx5d.cn"),
    ("shishi.xn--55qx5d.cn", "shishi.xn--55qx5d.cn"), ("xn--55qx5d.cn", nil),
    ("xn--85x722f.xn--fiqs8s", "xn--85x722f.xn--fiqs8s"),
    ("www.xn--85x722f.xn--fiqs8s", "xn--85x722f.xn--fiqs8s"),
    ("shishi.xn--fiqs8s", "shishi.xn--fiqs8s"), ("xn--fiqs8s", nil),
  ]

  @Test(
    "The list's published cases hold for Debian's copy", .requires(.publicSuffixList), arguments: published)
  func publishedDebian(host: String, expected: String?) {
    #expect(SuffixLists.debian.registrableDomain(of: host) == expected)
  }

  @Test("The list's published cases hold for the shipped copy", arguments: published)
  func publishedShipped(host: String, expected: String?) {
    #expect(SuffixLists.shipped.registrableDomain(of: host) == expected)
  }

  @Test(
    "The public suffix is the prevailing rule's labels of the host",
    arguments: [
      ("www.example.co.uk", "co.uk"), ("example.com", "com"), ("com", "com"), ("a.b.test.ck", "test.ck"),
      ("www.ck", "ck"), ("www.city.kobe.jp", "kobe.jp"), ("foo.github.io", "github.io"),
      ("example.example", "example"),
      ("foo.xn--55qx5d.cn", "xn--55qx5d.cn"), ("EXAMPLE.COM.", "com"),
    ])
  func publicSuffix(host: String, expected: String) {
    #expect(SuffixLists.shipped.publicSuffix(of: host) == expected)
  }

  @Test(
    "IP addresses and malformed names have no suffix and no registrable domain",
    arguments: [
      "127.0.0.1", "192.168.1.20", "10.0.0.256", "1.2.3", "0x7f.1", "::1", "[::1]", "2001:db8::1", "", ".",
      "..", "example..com", "example.com..", "exa mple.com", "example.com/x", "user@example.com",
      "xn--.com", "xn--zzzzzzzzzzzzzzzzzzzz.com", "xn--ab-.com",
    ])
  func noDomain(host: String) {
    #expect(SuffixLists.shipped.registrableDomain(of: host) == nil)
    #expect(SuffixLists.shipped.publicSuffix(of: host) == nil)
  }

  @Test(
    "One trailing dot is the same host",
    arguments: [
      ("www.example.co.uk.", "example.co.uk"), ("example.com.", "example.com"), ("com.", nil),
      ("a.b.test.ck.", "b.test.ck"),
    ])
  func trailingDot(host: String, expected: String?) {
    #expect(SuffixLists.shipped.registrableDomain(of: host) == expected)
  }

  @Test(
    "PRIVATE rules count: a site under a shared host is its own registrable domain",
    arguments: [
      ("alice.github.io", "alice.github.io"), ("www.alice.github.io", "alice.github.io"), ("github.io", nil),
      ("bucket.s3.amazonaws.com", "bucket.s3.amazonaws.com"), ("blogspot.com", nil),
    ])
  func privateSection(host: String, expected: String?) {
    #expect(SuffixLists.shipped.registrableDomain(of: host) == expected)
  }

  @Test(
    "Lookalikes have registrable domains of their own",
    arguments: [
      ("examp1e.org", "examp1e.org"), ("example.org.evil.test", "evil.test"),
      ("example.org.co", "example.org.co"),
      ("www.example.org.co", "example.org.co"), ("example.org.co.", "example.org.co"),
      ("login-example.org", "login-example.org"),
    ])
  func lookalikes(host: String, expected: String) {
    #expect(SuffixLists.shipped.registrableDomain(of: host) == expected)
  }

  @Test("A list without rules leaves only the implicit rule *")
  func emptyList() {
    let list = PublicSuffixList(text: "// nothing\n\n")
    #expect(list.registrableDomain(of: "www.example.co.uk") == "co.uk")
    #expect(list.publicSuffix(of: "www.example.co.uk") == "uk")
    #expect(list.isPublicSuffix("uk"))
  }

  @Test("A rule is read up to its first whitespace, and lines may end with a carriage return")
  func ruleText() {
    let list = PublicSuffixList(text: "co.uk extra words\r\n*.ck\r\n!www.ck\r\n// co.example\n")
    #expect(list.registrableDomain(of: "a.example.co.uk") == "example.co.uk")
    #expect(list.registrableDomain(of: "a.b.ck") == "a.b.ck")
    #expect(list.registrableDomain(of: "www.ck") == "www.ck")
    #expect(list.registrableDomain(of: "a.co.example") == "co.example")
  }
}
