/// The bytes of a hex string written in the tests' tables (spaces allowed).
func hex(_ text: String) -> [UInt8] {
  let digits = Array(text.filter { !$0.isWhitespace })
  return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
}

extension [UInt8] {
  /// Lower-case hex, for comparing with the tables.
  var hexText: String { map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined() }
}
