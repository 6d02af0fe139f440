extension JSONNumber {
  /// The sign and magnitude of the exact decimal value when it is an integer below 2^64.
  ///
  /// Works on the decimal digits and exponent, never through floating point, so `1e19`
  /// and `18446744073709551615` are exact and `0.1e1` is 1.
  func exactIntegerMagnitude() -> (negative: Bool, magnitude: UInt64)? {
    if let plain = plainIntegerMagnitude() { return plain }
    let utf8 = Array(text.utf8)
    var index = 0
    let negative = utf8.first == UInt8(ascii: "-")
    if negative { index += 1 }
    var digits: [UInt8] = []
    var scale = 0
    while index < utf8.count, let digit = digitValue(utf8[index]) {
      digits.append(digit)
      index += 1
    }
    if index < utf8.count, utf8[index] == UInt8(ascii: ".") {
      index += 1
      while index < utf8.count, let digit = digitValue(utf8[index]) {
        digits.append(digit)
        scale -= 1
        index += 1
      }
    }
    if index < utf8.count, utf8[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      var exponentSign = 1
      if index < utf8.count, utf8[index] == UInt8(ascii: "-") || utf8[index] == UInt8(ascii: "+") {
        if utf8[index] == UInt8(ascii: "-") { exponentSign = -1 }
        index += 1
      }
      var exponent = 0
      while index < utf8.count, let digit = digitValue(utf8[index]) {
        exponent = min(exponent * 10 + Int(digit), 1_000_000)  // saturate: 1e999999999 overflows anyway
        index += 1
      }
      scale += exponentSign * exponent
    }
    guard let firstSignificant = digits.firstIndex(where: { $0 != 0 }) else {
      return (negative, 0)
    }
    var lastSignificant = digits.count - 1
    while digits[lastSignificant] == 0 {
      lastSignificant -= 1
      scale += 1
    }
    guard scale >= 0, lastSignificant - firstSignificant + 1 + scale <= 20 else { return nil }
    var magnitude: UInt64 = 0
    for digit in digits[firstSignificant...lastSignificant] {
      guard let next = multiplyAdd(magnitude, UInt64(digit)) else { return nil }
      magnitude = next
    }
    for _ in 0..<scale {
      guard let next = multiplyAdd(magnitude, 0) else { return nil }
      magnitude = next
    }
    return (negative, magnitude)
  }

  /// The fast path for the common spelling `-?[0-9]+`; `nil` for anything else or overflow.
  private func plainIntegerMagnitude() -> (negative: Bool, magnitude: UInt64)? {
    var negative = false
    var magnitude: UInt64 = 0
    var isFirst = true
    for byte in text.utf8 {
      if isFirst, byte == UInt8(ascii: "-") {
        negative = true
      } else {
        guard let digit = digitValue(byte), let next = multiplyAdd(magnitude, UInt64(digit)) else {
          return nil
        }
        magnitude = next
      }
      isFirst = false
    }
    return (negative, magnitude)
  }

  private func digitValue(_ byte: UInt8) -> UInt8? {
    let value = byte &- UInt8(ascii: "0")
    return value < 10 ? value : nil
  }

  private func multiplyAdd(_ value: UInt64, _ digit: UInt64) -> UInt64? {
    let (product, productOverflow) = value.multipliedReportingOverflow(by: 10)
    let (sum, sumOverflow) = product.addingReportingOverflow(digit)
    return productOverflow || sumOverflow ? nil : sum
  }
}
