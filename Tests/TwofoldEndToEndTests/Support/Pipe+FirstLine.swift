import Foundation

extension Pipe {
  /// What the process writing into the pipe printed up to its first line break (or until it
  /// closed its end), trimmed: the display `Xvfb -displayfd` took, the address `dbus-daemon
  /// --print-address` listens on.
  func firstLine() -> String {
    var printed = Data()
    while !printed.contains(UInt8(ascii: "\n")) {
      let more = fileHandleForReading.availableData
      guard !more.isEmpty else { break }
      printed.append(more)
    }
    return String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
