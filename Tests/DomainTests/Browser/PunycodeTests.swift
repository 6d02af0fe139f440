import Domain
import TestSupport
import Testing

@Suite("Punycode")
struct PunycodeTests {
  /// RFC 3492, section 7.1 (lowercased), and labels of the Public Suffix List's test cases.
  static let samples: [(String, String)] = [
    ("bücher", "bcher-kva"),
    ("食狮", "85x722f"),
    ("公司", "55qx5d"),
    ("中国", "fiqs8s"),
    ("他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
    ("3年b組金八先生", "3b-ww4c5e180e575a65lsy2b"),
    ("安室奈美恵-with-super-monkeys", "-with-super-monkeys-pc58ag80a8qai00g7n9n"),
    ("pročprostěnemluvíčesky", "proprostnemluvesky-uyb24dma41a"),
    ("почемужеонинеговорятпорусски", "b1abfaaepdrnnbgefbadotcwatmq2g4l"),
    ("mañana", "maana-pta"),
    ("ü", "tda"),
  ]

  @Test("Decoding gives the Unicode label", arguments: samples)
  func decode(unicode: String, encoded: String) {
    #expect(Punycode.decode(encoded) == unicode)
  }

  @Test("Encoding gives the Punycode label", arguments: samples)
  func encode(unicode: String, encoded: String) {
    #expect(Punycode.encode(unicode) == encoded)
  }

  @Test(
    "Text that is not Punycode of a non-ASCII label decodes to nothing",
    arguments: ["", "abc-", "a$b", "zzzzzzzzzzzzzzzzzzzzzzzzzz", "bcher-kv!", "99999999999999999999"])
  func invalid(encoded: String) {
    #expect(Punycode.decode(encoded) == nil)
  }

  @Test("Any text with a letter outside ASCII survives encoding and decoding")
  func roundTrip() {
    var random = SplitMix64(seed: 19)
    let alphabet: [Unicode.Scalar] = ["a", "z", "0", "-", "é", "ß", "ж", "食", "𝔘", "ü", "ا", "\u{10FFFD}"]
    for _ in 0..<500 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...20, using: &random) {
        scalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &random)])
      }
      scalars.append("ж")
      let text = String(scalars)
      let encoded = Punycode.encode(text)
      #expect(encoded.map { $0.utf8.allSatisfy { $0 < 0x80 } } == true, "\(text)")
      #expect(encoded.flatMap { Punycode.decode($0) } == text, "\(text)")
    }
  }

  @Test("ASCII text needs no encoding")
  func asciiOnly() {
    #expect(Punycode.encode("example") == nil)
  }

  @Test(
    "A domain in ASCII is lowercase with xn-- labels",
    arguments: [
      ("Bücher.Example", "xn--bcher-kva.example"), ("食狮.公司.cn", "xn--85x722f.xn--55qx5d.cn"),
      ("EXAMPLE.com.", "example.com"), ("example..com", nil), ("", nil),
    ])
  func asciiDomain(domain: String, expected: String?) {
    #expect(Punycode.asciiDomain(domain) == expected)
  }
}
