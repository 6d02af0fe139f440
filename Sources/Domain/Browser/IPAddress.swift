/// Recognizes IP address literals in the forms URLs serialize them.
enum IPAddress {
  /// Whether `text` is a dotted-decimal IPv4 address: four numbers 0–255, without leading zeros.
  static func isIPv4(_ text: some StringProtocol) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4 else { return false }
    return parts.allSatisfy { part in
      guard (1...3).contains(part.count), part.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
        part.count == 1 || part.first != "0", let value = Int(part)
      else { return false }
      return value <= 255
    }
  }

  /// Whether `text` (without brackets) is an IPv6 address (RFC 4291, section 2.2): eight groups of
  /// up to four hex digits, one `::` for a run of zero groups, an IPv4 address as the last two.
  static func isIPv6(_ text: some StringProtocol) -> Bool {
    guard !text.isEmpty, text.utf8.count <= 45 else { return false }
    let halves = text.split(separator: "::", maxSplits: 2, omittingEmptySubsequences: false)
    let compressed = halves.count == 2
    guard halves.count <= 2 else { return false }
    var groups = 0
    for (number, half) in halves.enumerated() where !half.isEmpty {
      let parts = half.split(separator: ":", omittingEmptySubsequences: false)
      for (index, part) in parts.enumerated() {
        if index == parts.count - 1, number == halves.count - 1, part.contains(".") {
          guard isIPv4(part) else { return false }
          groups += 2
          continue
        }
        guard (1...4).contains(part.count), part.utf8.allSatisfy({ isHexDigit($0) }) else { return false }
        groups += 1
      }
    }
    return compressed ? groups <= 7 : groups == 8
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) || (0x41...0x46).contains(byte)
  }
}
