import Domain
import Foundation
import TestSupport
import Testing

/// The one-pass reader against a plain reading of publicsuffix.org's algorithm over a set of
/// rules, on hosts made from the shipped list's own rules.
@Suite("PublicSuffixList against a reference")
struct PublicSuffixListReferenceTests {
  /// The shipped list's rules, each line's text up to its first whitespace.
  static let rules: [String] = {
    let url = SharedFixtures.packageRoot.appendingPathComponent("Packaging/browser/public_suffix_list.dat")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
      let rule = line.prefix { !$0.isWhitespace }
      return rule.isEmpty || rule.hasPrefix("//") ? nil : String(rule)
    }
  }()

  /// publicsuffix.org's algorithm, read plainly: every matching rule, exceptions first, else the
  /// one with the most labels, else `*`.
  static func reference(_ host: String, rules: Set<String>) -> String? {
    let labels = host.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    var longest = 1
    for count in 1...labels.count {
      let suffix = labels.suffix(count).joined(separator: ".")
      // An exception's own labels are then the registrable domain (its suffix is one label less).
      if rules.contains("!" + suffix) { return suffix }
      if rules.contains(suffix) { longest = max(longest, count) }
      if count < labels.count, rules.contains("*." + suffix) { longest = max(longest, count + 1) }
    }
    guard longest < labels.count else { return nil }
    return labels.suffix(longest + 1).joined(separator: ".")
  }

  @Test("Hosts under every 97th rule get the reference's registrable domain, in Unicode and Punycode")
  func agreesWithReference() {
    let ruleSet = Set(Self.rules)
    #expect(Self.rules.count > 5_000)
    for (index, rule) in Self.rules.enumerated() where index % 97 == 0 {
      let base =
        rule.hasPrefix("!") ? String(rule.dropFirst()) : rule.replacingOccurrences(of: "*", with: "x")
      for host in [base, "a." + base, "b.a." + base] {
        let expected = Self.reference(host, rules: ruleSet)
        #expect(SuffixLists.shipped.registrableDomain(of: host) == expected, "\(host)")
        if let ascii = Punycode.asciiDomain(host), ascii != host {
          #expect(
            SuffixLists.shipped.registrableDomain(of: ascii) == expected.flatMap(Punycode.asciiDomain),
            "\(ascii)")
        }
      }
    }
  }
}
