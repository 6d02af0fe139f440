extension [UInt8] {
  /// The bytes written as hex digits in `hex`; spaces are ignored. Traps on anything else.
  init(hex: String) {
    let digits = hex.filter { $0 != " " }.map { character in
      guard let value = character.hexDigitValue else { preconditionFailure("not hex: \(character)") }
      return UInt8(value)
    }
    precondition(digits.count.isMultiple(of: 2), "odd number of hex digits")
    self = stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
  }

  /// The bytes of `text` in UTF-8.
  init(utf8 text: String) {
    self = Array(text.utf8)
  }
}
