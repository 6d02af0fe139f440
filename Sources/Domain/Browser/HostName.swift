/// A host name split into labels, as the Public Suffix List compares it: lowercase, without one
/// trailing dot, each `xn--` label also decoded to the Unicode the list's rules are written in.
struct HostName {
  /// The name as given, lowercased and without a trailing dot (Punycode stays Punycode).
  let bytes: [UInt8]
  /// Where each label starts in `bytes`.
  let labelStarts: [Int]
  /// The name with every `xn--` label decoded, in UTF-8: what rules are compared with.
  let matchForm: [UInt8]

  /// The labels of `host`; nil for an IP address, an empty label, a character no host name has
  /// or bad Punycode.
  init?(_ host: String) {
    var bytes = Array(host.utf8)
    if bytes.last == UInt8(ascii: ".") { bytes.removeLast() }
    guard !bytes.isEmpty, bytes.count <= 1024 else { return nil }
    var starts = [0]
    var unicode = false
    for index in bytes.indices {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes[index] = byte | 0x20
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"),
        UInt8(ascii: "_"):
        break
      case UInt8(ascii: "."):
        guard index > starts.last!, index + 1 < bytes.count else { return nil }
        starts.append(index + 1)
      case 0x80...: unicode = true
      default: return nil
      }
    }
    guard bytes.last != UInt8(ascii: ".") else { return nil }
    if HostName.isNumeric(bytes[starts.last!...]) { return nil }
    if unicode {
      guard let lowered = HostName(lowercasing: bytes) else { return nil }
      self = lowered
      return
    }
    self.bytes = bytes
    labelStarts = starts
    guard let decoded = HostName.decodeLabels(bytes, starts: starts) else { return nil }
    matchForm = decoded
  }

  /// A name with letters outside ASCII: lowercased as Unicode, then split again.
  private init?(lowercasing bytes: [UInt8]) {
    let lowered = Array(String(decoding: bytes, as: UTF8.self).lowercased().utf8)
    var starts = [0]
    for index in lowered.indices where lowered[index] == UInt8(ascii: ".") {
      guard index > starts.last!, index + 1 < lowered.count else { return nil }
      starts.append(index + 1)
    }
    guard let decoded = HostName.decodeLabels(lowered, starts: starts) else { return nil }
    self.bytes = lowered
    labelStarts = starts
    matchForm = decoded
  }

  /// How many labels the name has.
  var labelCount: Int { labelStarts.count }

  /// The last `labels` labels, joined by dots.
  func suffix(labels: Int) -> String {
    String(decoding: bytes[labelStarts[labelStarts.count - labels]...], as: UTF8.self)
  }

  /// Whether a last label makes the name an IPv4 address in a URL's eyes (WHATWG URL, "ends in
  /// a number"): all decimal digits, or `0x` and hexadecimal digits.
  private static func isNumeric(_ label: ArraySlice<UInt8>) -> Bool {
    if label.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) { return true }
    guard label.count >= 2, label.first == UInt8(ascii: "0"), label.dropFirst().first == UInt8(ascii: "x")
    else { return false }
    return label.dropFirst(2).allSatisfy { byte in
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
  }

  /// `bytes` with each `xn--` label replaced by its Unicode (UTF-8); the same bytes when there is
  /// none; nil when a label is not valid Punycode.
  private static func decodeLabels(_ bytes: [UInt8], starts: [Int]) -> [UInt8]? {
    let prefix = Array(Punycode.acePrefix.utf8)
    guard bytes.count >= 4, starts.contains(where: { bytes[$0...].starts(with: prefix) }) else {
      return bytes
    }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count * 2)
    for (number, start) in starts.enumerated() {
      let end = number + 1 < starts.count ? starts[number + 1] - 1 : bytes.count
      let label = bytes[start..<end]
      if number > 0 { output.append(UInt8(ascii: ".")) }
      if label.starts(with: prefix) {
        let encoded = String(decoding: label.dropFirst(prefix.count), as: UTF8.self)
        guard let decoded = Punycode.decode(encoded) else { return nil }
        output.append(contentsOf: decoded.utf8)
      } else {
        output.append(contentsOf: label)
      }
    }
    return output
  }
}
