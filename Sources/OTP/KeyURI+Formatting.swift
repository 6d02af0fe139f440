extension KeyURI {
  /// The URI text: label `ISSUER:NAME` (or `NAME`), then secret, issuer, algorithm, digits and
  /// period or counter; mOTP as `motp://` with a hex secret. Parsing it gives back `self`.
  public var string: String {
    let type = parameters.type
    var label = PercentEncoding.encode(name)
    if !issuer.isEmpty {
      label = PercentEncoding.encode(issuer) + ":" + label
    } else if name.contains(":") || type == .yandex {
      label = ":" + label
    }
    var query: [(String, String)] = []
    if type == .motp {
      query.append(("secret", Hex.encode(parameters.secret)))
    } else {
      query.append(("secret", Base32.encode(parameters.secret)))
    }
    if !issuer.isEmpty { query.append(("issuer", issuer)) }
    query.append(("algorithm", parameters.algorithm.rawValue))
    query.append(("digits", String(parameters.digits)))
    if type == .hotp {
      query.append(("counter", String(parameters.counter)))
    } else {
      query.append(("period", String(parameters.period)))
    }
    if let pin = parameters.pin {
      query.append(("pin", type == .yandex ? Base32.encode(Array(pin.utf8)) : pin))
    }
    let queryText = query.map { "\($0.0)=\(PercentEncoding.encode($0.1))" }.joined(separator: "&")
    let prefix: String
    switch type {
    case .motp: prefix = "motp://"
    case .yandex: prefix = "otpauth://yaotp/"
    default: prefix = "otpauth://\(type.rawValue)/"
    }
    return prefix + label + "?" + queryText
  }
}
