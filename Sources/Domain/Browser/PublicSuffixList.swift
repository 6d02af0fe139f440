/// The Public Suffix List (publicsuffix.org): which names anyone may register under (`com`,
/// `co.uk`, `github.io`), and so which part of a host one owner holds (its registrable domain).
///
/// The list is kept as its text and read in one pass over its bytes per question: a process
/// that asks once (the browser host, started per request) pays no parsing of ten thousand rules.
/// Both the ICANN and the PRIVATE sections count; wildcard (`*.ck`) and exception (`!www.ck`)
/// rules apply as publicsuffix.org's algorithm says, and a name under no rule has the implicit
/// rule `*`. Rules are Unicode; hosts may be given in Punycode (`xn--…`, as browsers give them)
/// or in Unicode, and answers keep the host's own form.
public struct PublicSuffixList: Sendable {
  private let text: [UInt8]

  /// The list from the bytes of `public_suffix_list.dat` (UTF-8).
  public init(bytes: [UInt8]) {
    text = bytes
  }

  /// The list from its text.
  public init(text: String) {
    self.init(bytes: Array(text.utf8))
  }

  /// The public suffix of `host` (`co.uk` for `www.example.co.uk`): nil for an IP address or
  /// a name that is not a host name (empty labels, bad Punycode). One trailing dot is ignored
  /// and ASCII letters are compared without case; the answer is lowercase.
  public func publicSuffix(of host: String) -> String? {
    guard let name = HostName(host) else { return nil }
    let count = suffixLabelCount(of: name)
    return name.suffix(labels: min(count, name.labelCount))
  }

  /// The registrable domain of `host` (`example.co.uk` for `www.example.co.uk`): its public
  /// suffix and one label more. Nil for an IP address, a name that is itself a public suffix,
  /// or one that is not a host name.
  public func registrableDomain(of host: String) -> String? {
    guard let name = HostName(host) else { return nil }
    let count = suffixLabelCount(of: name)
    guard count < name.labelCount else { return nil }
    return name.suffix(labels: count + 1)
  }

  /// Whether `host` is itself a public suffix (`co.uk`, `github.io`, an unlisted TLD).
  public func isPublicSuffix(_ host: String) -> Bool {
    guard let name = HostName(host) else { return false }
    return suffixLabelCount(of: name) >= name.labelCount
  }

  /// How many labels of `name` the prevailing rule covers (publicsuffix.org's algorithm): an
  /// exception's labels less one, else the most labels of a matching rule, else 1 (rule `*`).
  /// A rule is a line's text up to its first whitespace; lines starting with `//` are comments.
  private func suffixLabelCount(of name: HostName) -> Int {
    var longest = 1
    var exception: Int?
    text.withUnsafeBufferPointer { list in
      name.matchForm.withUnsafeBufferPointer { host in
        let raw = UnsafeRawBufferPointer(list)
        let end = list.count
        var index = 0
        while index < end {
          let start = index
          let first = list[start]
          if first == 0x0A {
            index += 1
            continue
          }
          if first == UInt8(ascii: "/") {
            index = Self.firstNewline(raw, from: start) + 1
            continue
          }
          let ruleEnd = Self.firstSpaceOrControl(raw, from: start)
          index =
            (ruleEnd < end && list[ruleEnd] == 0x0A ? ruleEnd : Self.firstNewline(raw, from: ruleEnd)) + 1
          guard ruleEnd > start else { continue }
          if first == UInt8(ascii: "!") {
            if let labels = Self.match(list, start + 1, ruleEnd, host), labels > 1 {
              exception = max(exception ?? 0, labels - 1)
            }
          } else if let labels = Self.match(list, start, ruleEnd, host), labels > longest {
            longest = labels
          }
        }
      }
    }
    return exception ?? longest
  }

  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// The index of the first line feed at or after `start`, or the end: eight bytes at a time (a
  /// word has a zero byte where `word ^ pattern` has one; the lowest flagged byte is exact).
  private static func firstNewline(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
    var index = start
    let pattern = ones &* 0x0A
    while index + 8 <= bytes.count {
      let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ pattern
      let found = (word &- ones) & ~word & highBits
      if found != 0 { return index + found.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < bytes.count && bytes[index] != 0x0A { index += 1 }
    return index
  }

  /// The index of the first byte below 0x21 (space, tab, carriage return, line feed) at or after
  /// `start`, or the end: eight bytes at a time, as `firstNewline`.
  private static func firstSpaceOrControl(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
    var index = start
    while index + 8 <= bytes.count {
      let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let found = (word &- ones &* 0x21) & ~word & highBits
      if found != 0 { return index + found.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < bytes.count && bytes[index] >= 0x21 { index += 1 }
    return index
  }

  /// How many labels the rule `list[start..<end]` covers when it matches `host` (its
  /// Unicode form), else nil. A wildcard is only ever the rule's leftmost label.
  private static func match(
    _ list: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ host: UnsafeBufferPointer<UInt8>
  ) -> Int? {
    var ruleIndex = end - 1
    var hostIndex = host.count - 1
    var labels = 1
    while ruleIndex >= start {
      let byte = list[ruleIndex]
      if byte == UInt8(ascii: "*") && ruleIndex == start {
        // `*` matches one whole label: the host must have one more, non-empty.
        guard hostIndex >= 0 else { return nil }
        return labels
      }
      guard hostIndex >= 0, host[hostIndex] == byte else { return nil }
      if byte == UInt8(ascii: ".") { labels += 1 }
      ruleIndex -= 1
      hostIndex -= 1
    }
    guard hostIndex < 0 || host[hostIndex] == UInt8(ascii: ".") else { return nil }
    return labels
  }
}
