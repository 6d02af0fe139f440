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
  ///
  /// A rule is a line's text up to its first whitespace; lines starting with `//` are comments.
  /// A rule that matches ends with the host's last byte, so only the places where that byte
  /// stands before whitespace or a line end are looked at: found eight bytes at a time, each
  /// then read back to its line's start.
  private func suffixLabelCount(of name: HostName) -> Int {
    var longest = 1
    var exception: Int?
    text.withUnsafeBufferPointer { list in
      name.matchForm.withUnsafeBufferPointer { host in
        guard let last = host.last else { return }
        Self.forEachRuleEnd(after: last, in: list) { end in
          switch Self.rule(endingAt: end, in: list, matching: host) {
          case .exception(let labels) where labels > 1: exception = max(exception ?? 0, labels - 1)
          case .normal(let labels): longest = max(longest, labels)
          case .exception, nil: break
          }
        }
      }
    }
    return exception ?? longest
  }

  /// Calls `body` with each index of `list` that holds whitespace or a control byte right after
  /// the byte `last` (and with the end when `last` ends the text).
  ///
  /// Sixteen bytes at a time: the bytes at `i` and at `i - 1` are loaded as two vectors,
  /// compared at once, and only a block where some place is found is read byte by byte.
  private static func forEachRuleEnd(
    after last: UInt8, in list: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void
  ) {
    let bytes = UnsafeRawBufferPointer(list)
    let lasts = SIMD16<UInt8>(repeating: last)
    let space = SIMD16<UInt8>(repeating: 0x21)
    var index = 1
    while index + 16 <= list.count {
      let previous = bytes.loadUnaligned(fromByteOffset: index - 1, as: SIMD16<UInt8>.self)
      let current = bytes.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
      if any((previous .== lasts) .& (current .< space)) {
        for place in index..<(index + 16) where list[place] < 0x21 && list[place - 1] == last { body(place) }
      }
      index += 16
    }
    while index < list.count {
      if list[index] < 0x21 && list[index - 1] == last { body(index) }
      index += 1
    }
    if list.last == last { body(list.count) }
  }

  /// A rule of the list that matches the host, by the labels it covers.
  private enum RuleMatch {
    /// A rule, possibly with a wildcard as its leftmost label.
    case normal(Int)
    /// An exception rule (`!www.ck`), without its `!`.
    case exception(Int)
  }

  /// The rule that ends at `end` (a line's text up to its first whitespace), when it matches
  /// `host` (its Unicode form). Read backwards from `end` to the line's start, stopping at the
  /// first byte that does not match: whitespace before the line's start means `end` ends no
  /// rule, and a comment never matches (no host has a `/`). A wildcard is only ever a rule's
  /// leftmost label, an exception's `!` its first byte.
  private static func rule(
    endingAt end: Int, in list: UnsafeBufferPointer<UInt8>, matching host: UnsafeBufferPointer<UInt8>
  ) -> RuleMatch? {
    var index = end - 1
    var hostIndex = host.count - 1
    var labels = 1
    while index >= 0 && list[index] != 0x0A {
      let byte = list[index]
      if byte < 0x21 { return nil }
      if index == 0 || list[index - 1] == 0x0A {
        if byte == UInt8(ascii: "!") {
          return hostIndex < 0 || host[hostIndex] == UInt8(ascii: ".") ? .exception(labels) : nil
        }
        // `*` matches one whole label: the host must have one more.
        if byte == UInt8(ascii: "*") { return hostIndex >= 0 ? .normal(labels) : nil }
      }
      guard hostIndex >= 0, host[hostIndex] == byte else { return nil }
      if byte == UInt8(ascii: ".") { labels += 1 }
      index -= 1
      hostIndex -= 1
    }
    return hostIndex < 0 || host[hostIndex] == UInt8(ascii: ".") ? .normal(labels) : nil
  }
}
