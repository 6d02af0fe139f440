/// Punycode (RFC 3492): the ASCII form of an internationalized domain label (`bücher` ~
/// `bcher-kva`, written `xn--bcher-kva` in a host name).
public enum Punycode {
  // RFC 3492, section 5: the parameters for IDNA.
  private static let base = 36
  private static let tMin = 1
  private static let tMax = 26
  private static let skew = 38
  private static let damp = 700
  private static let initialBias = 72
  private static let initialN = 0x80
  private static let delimiter = UInt8(ascii: "-")

  /// The prefix that marks an encoded label (RFC 5891, section 4.4).
  public static let acePrefix = "xn--"

  /// Decodes a Punycode string (without `xn--`) to its Unicode text (RFC 3492, section 6.2);
  /// nil when it is not valid Punycode or decodes to no scalar outside ASCII.
  public static func decode(_ encoded: some StringProtocol) -> String? {
    let bytes = Array(encoded.utf8)
    var output: [Unicode.Scalar] = []
    var start = 0
    if let last = bytes.lastIndex(of: delimiter) {
      for byte in bytes[..<last] {
        guard byte < 0x80 else { return nil }
        output.append(Unicode.Scalar(byte))
      }
      start = last + 1
    }
    var n = initialN
    var bias = initialBias
    var i = 0
    var index = start
    while index < bytes.count {
      let oldI = i
      var weight = 1
      var k = base
      while true {
        guard index < bytes.count, let digit = digitValue(bytes[index]) else { return nil }
        index += 1
        let (product, overflow) = digit.multipliedReportingOverflow(by: weight)
        guard !overflow, i <= Int(Int32.max) - product else { return nil }
        i += product
        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
        if digit < t { break }
        let (next, overflowWeight) = weight.multipliedReportingOverflow(by: base - t)
        guard !overflowWeight, next <= Int(Int32.max) else { return nil }
        weight = next
        k += base
      }
      bias = adapt(delta: i - oldI, count: output.count + 1, first: oldI == 0)
      n += i / (output.count + 1)
      i %= output.count + 1
      guard n <= 0x10FFFF, let scalar = Unicode.Scalar(UInt32(n)), n >= 0x80 else { return nil }
      output.insert(scalar, at: i)
      i += 1
    }
    guard output.contains(where: { !$0.isASCII }) else { return nil }
    var text = String.UnicodeScalarView()
    text.append(contentsOf: output)
    return String(text)
  }

  /// Encodes Unicode text as Punycode, without `xn--` (RFC 3492, section 6.3); nil when the
  /// text is ASCII only (it needs no encoding).
  public static func encode(_ text: some StringProtocol) -> String? {
    let input = text.unicodeScalars.map { Int($0.value) }
    var output: [UInt8] = input.filter { $0 < 0x80 }.map { UInt8($0) }
    let basicCount = output.count
    guard basicCount < input.count else { return nil }
    if basicCount > 0 { output.append(delimiter) }
    var n = initialN
    var delta = 0
    var bias = initialBias
    var handled = basicCount
    while handled < input.count {
      let m = input.filter { $0 >= n }.min()!
      delta += (m - n) * (handled + 1)
      n = m
      for scalar in input {
        if scalar < n { delta += 1 }
        if scalar == n {
          var q = delta
          var k = base
          while true {
            let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
            if q < t { break }
            output.append(digit(t + (q - t) % (base - t)))
            q = (q - t) / (base - t)
            k += base
          }
          output.append(digit(q))
          bias = adapt(delta: delta, count: handled + 1, first: handled == basicCount)
          delta = 0
          handled += 1
        }
      }
      delta += 1
      n += 1
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// `domain` in ASCII, as a browser gives a host: lowercase, each label with letters outside
  /// ASCII encoded as `xn--` and Punycode (IDNA's ToASCII without its mapping tables); nil when a
  /// label is empty (other than one trailing dot's).
  public static func asciiDomain(_ domain: String) -> String? {
    var labels = domain.lowercased().split(separator: ".", omittingEmptySubsequences: false)
    if labels.count > 1, labels.last?.isEmpty == true { labels.removeLast() }
    var output: [String] = []
    for label in labels {
      guard !label.isEmpty else { return nil }
      if let encoded = encode(label) {
        output.append(acePrefix + encoded)
      } else {
        output.append(String(label))
      }
    }
    return output.joined(separator: ".")
  }

  /// RFC 3492, section 6.1.
  private static func adapt(delta: Int, count: Int, first: Bool) -> Int {
    var delta = first ? delta / damp : delta / 2
    delta += delta / count
    var k = 0
    while delta > ((base - tMin) * tMax) / 2 {
      delta /= base - tMin
      k += base
    }
    return k + (base - tMin + 1) * delta / (delta + skew)
  }

  private static func digitValue(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
    default: nil
    }
  }

  private static func digit(_ value: Int) -> UInt8 {
    value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
  }
}
