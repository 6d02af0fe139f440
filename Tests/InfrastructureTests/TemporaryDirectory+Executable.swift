import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

extension TemporaryDirectory {
  /// The contents of a file in the folder, empty when there is none.
  func read(_ name: String) -> String {
    guard let file = fopen(path(name), "re") else { return "" }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    while case let byte = getc(file), byte != EOF { bytes.append(UInt8(byte)) }
    return String(decoding: bytes, as: UTF8.self)
  }
}
