extension KeyURI {
  /// Parses a Key URI, tolerating any case in the scheme, type and Base32 secret, spaces and
  /// hyphens in the secret, optional padding, and parameters it does not know.
  public init(parsing text: String) throws(KeyURI.Error) {
    let trimmed = text.trimmingWhitespace()
    guard let schemeEnd = trimmed.firstIndex(of: ":") else { throw .unsupportedScheme("") }
    let scheme = trimmed[..<schemeEnd].lowercased()
    guard scheme == "otpauth" || scheme == "motp" else { throw .unsupportedScheme(scheme) }
    var rest = trimmed[trimmed.index(after: schemeEnd)...]
    if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
    let isMOTP = scheme == "motp"
    guard rest.hasPrefix("//") || isMOTP else { throw .malformed("expected '//' after '\(scheme):'") }
    if rest.hasPrefix("//") { rest = rest.dropFirst(2) }
    let queryStart = rest.firstIndex(of: "?")
    let hierarchy = rest[..<(queryStart ?? rest.endIndex)]
    let query = try Self.query(queryStart.map { rest[rest.index(after: $0)...] } ?? "")

    let type: OTPType
    var rawLabel: Substring
    if isMOTP {
      type = .motp
      rawLabel = hierarchy.hasPrefix("/") ? hierarchy.dropFirst() : hierarchy
    } else {
      let slash = hierarchy.firstIndex(of: "/") ?? hierarchy.endIndex
      let host = hierarchy[..<slash].lowercased()
      rawLabel = slash < hierarchy.endIndex ? hierarchy[hierarchy.index(after: slash)...] : ""
      switch host {
      case "totp": type = .totp
      case "hotp": type = .hotp
      case "steam": type = .steam
      case "yaotp", "yandex": type = .yandex
      case "motp": type = .motp
      case "": throw .malformed("no OTP type after 'otpauth://'")
      default: throw .unsupportedType(host)
      }
    }
    let parameters = try Self.parameters(type: type, query: query, secretIsHex: isMOTP)
    let label = try Self.label(rawLabel)
    let issuerParameter = query["issuer"] ?? ""
    name = label.name
    if !issuerParameter.isEmpty {
      issuer = issuerParameter
    } else if let prefix = label.issuer {
      issuer = prefix
    } else {
      issuer = type == .yandex ? "Yandex" : ""
    }
    self.parameters = parameters
  }

  private static func query(_ text: Substring) throws(KeyURI.Error) -> [String: String] {
    var values: [String: String] = [:]
    for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      do {
        let key = try PercentEncoding.decode(parts[0], plusIsSpace: true).lowercased()
        let value = parts.count > 1 ? try PercentEncoding.decode(parts[1], plusIsSpace: true) : ""
        if values[key] == nil { values[key] = value }
      } catch {
        throw .malformed("bad percent-encoding in the query")
      }
    }
    return values
  }

  private static func label(_ raw: Substring) throws(KeyURI.Error) -> (issuer: String?, name: String) {
    do {
      let separator = raw.firstIndex(of: ":") ?? encodedColon(in: raw)
      guard let separator else { return (nil, try PercentEncoding.decode(raw, plusIsSpace: false)) }
      let separatorLength = raw[separator] == ":" ? 1 : 3
      let issuer = try PercentEncoding.decode(raw[..<separator], plusIsSpace: false)
      let nameStart = raw.index(separator, offsetBy: separatorLength)
      return (issuer, try PercentEncoding.decode(raw[nameStart...], plusIsSpace: false))
    } catch {
      throw .malformed("bad percent-encoding in the label")
    }
  }

  private static func encodedColon(in raw: Substring) -> Substring.Index? {
    var index = raw.startIndex
    while let percent = raw[index...].firstIndex(of: "%") {
      if raw[percent...].uppercased().hasPrefix("%3A") { return percent }
      index = raw.index(after: percent)
    }
    return nil
  }

  private static func parameters(
    type: OTPType, query: [String: String], secretIsHex: Bool
  ) throws(KeyURI.Error) -> OTPParameters {
    guard let encodedSecret = query["secret"] else { throw .missingParameter("secret") }
    do {
      let secret = secretIsHex ? try Hex.decode(encodedSecret) : try Base32.decode(encodedSecret)
      let algorithm = try query["algorithm"].map { (name) throws(OTPError) in try OTPAlgorithm(name: name) }
      let digits = try integer(query["digits"], named: "digits")
      let period = type.isTimeBased ? try integer(query["period"], named: "period") : nil
      var counter: UInt64 = 0
      if type == .hotp {
        guard let text = query["counter"] else { throw KeyURI.Error.missingParameter("counter") }
        guard let value = UInt64(text), value <= UInt64(Int64.max) else {
          throw KeyURI.Error.invalidParameter("counter", "must be a whole number from 0 to \(Int64.max)")
        }
        counter = value
      }
      var pin = query["pin"]
      if type == .yandex, let encoded = pin {
        guard let decoded = try? Base32.decode(encoded), let text = String(validating: decoded, as: UTF8.self)
        else { throw KeyURI.Error.invalidParameter("pin", "a Yandex PIN is Base32 of its text") }
        pin = text
      }
      return try OTPParameters(
        type: type, secret: secret, algorithm: algorithm, digits: digits, period: period,
        counter: counter, pin: pin)
    } catch let error as KeyURI.Error {
      throw error
    } catch let error as OTPError {
      throw Self.uriError(error)
    } catch {
      throw .malformed("unexpected error")
    }
  }

  private static func integer(_ text: String?, named name: String) throws(KeyURI.Error) -> Int? {
    guard let text else { return nil }
    guard let value = Int(text), text.first != "+" else {
      throw .invalidParameter(name, "'\(text)' is not a whole number")
    }
    return value
  }

  private static func uriError(_ error: OTPError) -> KeyURI.Error {
    switch error {
    case .emptySecret, .invalidSecret: .invalidParameter("secret", error.description)
    case .invalidDigits: .invalidParameter("digits", error.description)
    case .invalidPeriod: .invalidParameter("period", error.description)
    case .invalidCounter: .invalidParameter("counter", error.description)
    case .invalidAlgorithm: .invalidParameter("algorithm", error.description)
    case .missingPIN: .missingParameter("pin")
    case .invalidTime, .secretWithheld: .malformed(error.description)
    }
  }
}
