import Domain

/// Android's shared-preferences XML (`<map><string name="k">v</string>…</map>`): the entries
/// as name → text. Other value elements (`int`, `long`, `boolean`) give their `value`.
enum SharedPreferences {
  enum Failure: Error, Equatable {
    case notSharedPreferences
    case malformed(String)
  }

  static func parse(_ bytes: [UInt8]) throws(Failure) -> [(name: String, value: String)] {
    guard let text = String(validating: bytes, as: UTF8.self) else { throw .malformed("not UTF-8 text") }
    guard text.contains("<map") else { throw .notSharedPreferences }
    var entries: [(name: String, value: String)] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "<") {
      rest = rest[rest.index(after: open)...]
      guard let close = rest.firstIndex(of: ">") else { throw .malformed("unterminated tag") }
      let tag = rest[..<close]
      rest = rest[rest.index(after: close)...]
      guard let kind = tag.split(separator: " ", maxSplits: 1).first.map(String.init),
        ["string", "int", "long", "boolean", "float"].contains(kind)
      else { continue }
      guard let name = attribute("name", in: tag) else { throw .malformed("a \(kind) without a name") }
      if kind != "string" || tag.hasSuffix("/") {
        entries.append((try decode(name), try decode(attribute("value", in: tag) ?? "")))
        continue
      }
      guard let end = rest.firstRange(of: "</string>") else { throw .malformed("unterminated string") }
      entries.append((try decode(name), try decode(rest[..<end.lowerBound])))
      rest = rest[end.upperBound...]
    }
    return entries
  }

  private static func attribute(_ name: String, in tag: Substring) -> Substring? {
    for quote in ["\"", "'"] {
      guard let start = tag.firstRange(of: " \(name)=\(quote)") else { continue }
      let value = tag[start.upperBound...]
      guard let end = value.firstIndex(of: Character(quote)) else { return nil }
      return value[..<end]
    }
    return nil
  }

  /// Replaces XML's character references (`&amp;`, `&#39;`, `&#x2F;`, …).
  static func decode(_ text: Substring) throws(Failure) -> String {
    guard text.contains("&") else { return String(text) }
    var output = ""
    var rest = text
    while let amp = rest.firstIndex(of: "&") {
      output += rest[..<amp]
      guard let semicolon = rest[amp...].firstIndex(of: ";") else { throw .malformed("bad entity") }
      let entity = rest[rest.index(after: amp)..<semicolon]
      switch entity {
      case "amp": output += "&"
      case "lt": output += "<"
      case "gt": output += ">"
      case "quot": output += "\""
      case "apos": output += "'"
      default:
        let number: UInt32?
        if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
          number = UInt32(entity.dropFirst(2), radix: 16)
        } else if entity.hasPrefix("#") {
          number = UInt32(entity.dropFirst())
        } else {
          number = nil
        }
        guard let number, let scalar = Unicode.Scalar(number) else { throw .malformed("bad entity") }
        output.unicodeScalars.append(scalar)
      }
      rest = rest[rest.index(after: semicolon)...]
    }
    return output + rest
  }
}

extension SharedPreferences {
  /// The entries of an app's preferences file, with import errors in that app's words:
  /// `notPreferences` when the file has no map, `malformed(reason)` when its XML is broken.
  static func entries(
    of file: ImportFile, notPreferences: @autoclosure () -> String, malformed: (String) -> String
  ) throws(ImportError) -> [(name: String, value: String)] {
    do throws(Failure) {
      return try parse(file.bytes)
    } catch {
      switch error {
      case .notSharedPreferences: throw .unrecognized(notPreferences())
      case .malformed(let reason): throw .damaged(malformed(reason))
      }
    }
  }
}
