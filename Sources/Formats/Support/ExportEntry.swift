import Codecs
import Domain
import OTP

/// What every importer of a JSON-based export needs for one entry: typed access to its members,
/// the checks that turn loose values into `OTPParameters`, and the report label. Failures are
/// `Problem`s whose reasons never contain secret material.
enum ExportEntry {
  /// Why one entry cannot be imported.
  struct Problem: Error, Equatable {
    /// One line for the import report.
    let reason: String

    init(_ reason: String) { self.reason = reason }
  }

  /// An entry's JSON object with typed, checked access to its members.
  struct Fields {
    let object: JSONObject

    init(_ object: JSONObject) { self.object = object }

    /// The object `value` holds, or a problem saying what `what` should have been.
    init(_ value: JSONValue?, what: String = "the entry") throws(Problem) {
      guard let object = value?.objectValue else { throw Problem("\(what) is not a JSON object") }
      self.object = object
    }

    /// Text, nil when absent or `null`.
    func string(_ key: String) throws(Problem) -> String? {
      switch object[key] {
      case nil, .null?: return nil
      case .string(let text)?: return text
      default: throw Problem("'\(key)' is not text")
      }
    }

    /// A whole number written as a JSON number or as decimal text; nil when absent or `null`.
    func integer(_ key: String) throws(Problem) -> Int64? {
      switch object[key] {
      case nil, .null?: return nil
      case .number(let number)?:
        guard let value = number.int64Value else { throw Problem("'\(key)' is not a whole number") }
        return value
      case .string(let text)?:
        guard let value = Int64(text.trimmingWhitespace()) else {
          throw Problem("'\(key)' is not a whole number")
        }
        return value
      default: throw Problem("'\(key)' is not a whole number")
      }
    }

    /// A nested object, nil when absent or `null`.
    func object(_ key: String) throws(Problem) -> Fields? {
      switch object[key] {
      case nil, .null?: return nil
      case .object(let nested)?: return Fields(nested)
      default: throw Problem("'\(key)' is not a JSON object")
      }
    }

    /// An array of Java `byte`s (-128…127; 128…255 are read as the same bytes); nil when absent.
    func signedBytes(_ key: String) throws(Problem) -> [UInt8]? {
      switch object[key] {
      case nil, .null?: return nil
      case .array(let elements)?:
        return try ExportEntry.signedBytes(elements, named: key)
      default: throw Problem("'\(key)' is not an array of bytes")
      }
    }
  }

  /// The bytes of a JSON array of Java `byte`s.
  static func signedBytes(_ elements: [JSONValue], named key: String) throws(Problem) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(elements.count)
    for element in elements {
      guard let value = element.int64Value, (-128...255).contains(value) else {
        throw Problem("'\(key)' is not an array of bytes")
      }
      bytes.append(UInt8(truncatingIfNeeded: value))
    }
    return bytes
  }

  /// How the report names an entry: `Issuer:Name`, one of them, or `entry N`.
  static func label(issuer: String, name: String, position: Int) -> String {
    label(issuer: issuer, name: name, otherwise: "entry \(position)")
  }

  /// How the report names an entry: `Issuer:Name`, one of them, or `fallback` when both are empty.
  static func label(issuer: String, name: String, otherwise fallback: String) -> String {
    switch (issuer.isEmpty, name.isEmpty) {
    case (true, true): fallback
    case (true, false): name
    case (false, true): issuer
    case (false, false): "\(issuer):\(name)"
    }
  }

  /// Runs `read` for one entry: its account, or why it has none under `label`.
  static func candidate(
    label: @autoclosure () -> String, _ read: () throws(Problem) -> NewAccount
  ) -> ImportCandidate {
    do throws(Problem) {
      return .account(try read())
    } catch {
      return .failed(label(), error.reason)
    }
  }

  /// Decodes a Base32 secret (any case, optional padding, spaces and hyphens ignored).
  static func base32(_ text: String) throws(Problem) -> [UInt8] {
    do throws(OTPError) {
      return try Base32.decode(text)
    } catch {
      throw Problem(error.description)
    }
  }

  /// The algorithm named `name` (`SHA1`, `sha-256`, `HmacSHA512`, …); MD5 is read as SHA1 for
  /// every type but mOTP (vault-format.md INFO rules).
  static func algorithm(_ name: String?, for type: OTPType) throws(Problem) -> OTPAlgorithm? {
    guard let name, !name.isEmpty else { return nil }
    do throws(OTPError) {
      let algorithm = try OTPAlgorithm(name: name)
      return algorithm == .md5 && type != .motp ? .sha1 : algorithm
    } catch {
      throw Problem(error.description)
    }
  }

  /// Checked parameters from loosely typed values; nil values take the type's defaults.
  static func parameters(
    type: OTPType, secret: [UInt8], algorithm: String? = nil, digits: Int64? = nil,
    period: Int64? = nil, counter: Int64? = nil
  ) throws(Problem) -> OTPParameters {
    let algorithm = try self.algorithm(algorithm, for: type)
    if type == .hotp, let counter, counter < 0 {
      throw Problem(OTPError.invalidCounter(String(counter)).description)
    }
    do throws(OTPError) {
      return try OTPParameters(
        type: type, secret: secret, algorithm: algorithm, digits: digits.map { Int(clamping: $0) },
        period: period.map { Int(clamping: $0) }, counter: UInt64(max(0, counter ?? 0)))
    } catch {
      throw Problem(error.description)
    }
  }

  /// The account a Key URI (`otpauth://…`, `motp://…`) or Steam URI (`steam://SECRET`) describes.
  static func account(uri text: String) throws(Problem) -> NewAccount {
    let trimmed = String(text.trimmingWhitespace())
    if trimmed.lowercased().hasPrefix("steam://") {
      var secret = trimmed.dropFirst("steam://".count)
      while secret.hasSuffix("/") { secret = secret.dropLast() }
      guard !secret.isEmpty else { throw Problem("the steam:// URI has no secret") }
      let parameters = try parameters(type: .steam, secret: try base32(String(secret)))
      return NewAccount(issuer: "Steam", name: "", otp: parameters)
    }
    do throws(KeyURI.Error) {
      return NewAccount(try KeyURI(parsing: trimmed))
    } catch {
      throw Problem(error.description)
    }
  }

  /// The JSON document in `bytes`, or nil when there is none.
  static func document(_ bytes: [UInt8]) -> JSONValue? {
    try? JSONValue(parsing: bytes)
  }

  /// The JSON document in `bytes`, or why the file is not one.
  static func document(_ bytes: [UInt8], of format: String) throws(ImportError) -> JSONValue {
    guard bytes.contains(where: { !isWhitespace($0) }) else { throw .empty }
    do throws(JSONError) {
      return try JSONValue(parsing: bytes)
    } catch {
      throw .damaged("the \(format) file is not valid JSON (\(error.description))")
    }
  }

  /// The array `key` of the JSON object `file` holds, or why the file is not `app`'s export: the
  /// preamble of the exports that are one object around a list (FreeOTP+, Proton Authenticator).
  static func array(_ key: String, of file: ImportFile, app: String) throws(ImportError) -> [JSONValue] {
    let document = try document(file.bytes, of: app)
    guard document.objectValue != nil else {
      throw .unrecognized("\(file.name) is not a \(app) export: it is not a JSON object")
    }
    guard let array = document[key]?.arrayValue else {
      throw .damaged("the \(app) export has no \(key) array")
    }
    return array
  }

  /// The first byte that is not JSON whitespace (after a UTF-8 byte-order mark).
  static func firstSignificantByte(_ bytes: [UInt8]) -> UInt8? {
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    return bytes[start...].first { !isWhitespace($0) }
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
