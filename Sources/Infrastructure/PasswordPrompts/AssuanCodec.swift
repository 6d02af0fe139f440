/// The pieces of the Assuan protocol that pinentry speaks: one request or response per line,
/// `%XX` escapes for `%`, CR and LF in arguments and data (libassuan manual, "The Assuan
/// protocol": client requests, server responses).
enum AssuanCodec {
  /// The longest line a peer accepts, its LF included (`ASSUAN_LINELENGTH`).
  static let lineLimit = 1000

  /// Why a data line could not be decoded; never holds any of the data.
  enum Failure: Error, Equatable {
    /// The line does not start with `D `.
    case notData
    /// A `%` is not followed by two hexadecimal digits.
    case badEscape
    /// The data would grow past the caller's limit.
    case tooLong
  }

  /// What a server's line says.
  enum Response: Equatable {
    /// `OK` with what follows it (often empty).
    case ok(String)
    /// `ERR code text`; code 0 when it has none.
    case error(code: UInt32, message: String)
    /// `D data`: decode it with `appendData(of:to:limit:)`, so no copy of it lands in a string.
    case data
    /// `S keyword args`, a status line.
    case status(String)
    /// `# text`, a comment.
    case comment
    /// `INQUIRE keyword args`: the server asks for data.
    case inquire(String)
    /// Anything else.
    case unknown
  }

  /// The code pinentry answers with when the user cancels (`GPG_ERR_CANCELED`, source pinentry).
  static let cancelledCode: UInt32 = 83_886_179

  /// `text` with `%`, CR and LF written as `%25`, `%0D` and `%0A`.
  static func escape(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars { escaped += escape(scalar) }
    return escaped
  }

  /// The line `NAME escaped-argument` with its LF; an argument too long for one line is cut at
  /// the last character that fits.
  static func command(_ name: String, _ argument: String) -> [UInt8] {
    var line = Array(name.utf8)
    line.append(UInt8(ascii: " "))
    for scalar in argument.unicodeScalars {
      let piece = Array(escape(scalar).utf8)
      if line.count + piece.count + 1 > lineLimit { break }
      line += piece
    }
    line.append(UInt8(ascii: "\n"))
    return line
  }

  /// What `line` (without its LF) says.
  static func classify(_ line: [UInt8]) -> Response {
    if line.starts(with: Array("D ".utf8)) { return .data }
    if line.first == UInt8(ascii: "#") { return .comment }
    if let rest = argument(of: "OK", in: line) { return .ok(rest) }
    if let rest = argument(of: "S", in: line) { return .status(rest) }
    if let rest = argument(of: "INQUIRE", in: line) { return .inquire(rest) }
    guard let rest = argument(of: "ERR", in: line) else { return .unknown }
    let parts = rest.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
    let code = parts.first.flatMap { UInt32($0) } ?? 0
    return .error(code: code, message: parts.count > 1 ? String(parts[1]) : "")
  }

  /// Appends the percent-decoded data of a `D ` line to `bytes`, never past `limit` bytes.
  static func appendData(of line: [UInt8], to bytes: inout [UInt8], limit: Int) throws(Failure) {
    guard line.starts(with: Array("D ".utf8)) else { throw .notData }
    var index = 2
    while index < line.count {
      var byte = line[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < line.count, let high = hexValue(line[index + 1]),
          let low = hexValue(line[index + 2])
        else { throw .badEscape }
        byte = high << 4 | low
        index += 2
      }
      guard bytes.count < limit else { throw .tooLong }
      bytes.append(byte)
      index += 1
    }
  }

  private static func escape(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "%": return "%25"
    case "\r": return "%0D"
    case "\n": return "%0A"
    default: return String(scalar)
    }
  }

  /// The text after `keyword` when `line` is `keyword` alone or `keyword` and a space.
  private static func argument(of keyword: String, in line: [UInt8]) -> String? {
    let word = Array(keyword.utf8)
    guard line.starts(with: word) else { return nil }
    if line.count == word.count { return "" }
    guard line[word.count] == UInt8(ascii: " ") else { return nil }
    return String(decoding: line[(word.count + 1)...], as: UTF8.self)
  }

  private static func hexValue(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
    default: return nil
    }
  }
}
