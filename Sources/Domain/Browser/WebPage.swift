/// A page's address as far as filling a code is concerned: its scheme and host, from the URL
/// the browser reported for it (WHATWG URL serialization).
///
/// Only `https:` pages are accepted, and `http://localhost` or `http://127.0.0.1` (any port)
/// for developers. A URL with user information (`https://example.com@evil.test/`), another
/// scheme, or a host that is not a plain name or IP address is refused.
public struct WebPage: Hashable, Sendable {
  /// The scheme of an accepted page.
  public enum Scheme: String, Hashable, Sendable {
    /// `https:`.
    case https
    /// `http:`, only for `localhost` and `127.0.0.1`.
    case http
  }

  /// The host of a page.
  public enum Host: Hashable, Sendable {
    /// A domain name, lowercase, without a trailing dot (Punycode as the browser gives it).
    case name(String)
    /// An IPv4 address in dotted decimal.
    case ipv4(String)
    /// An IPv6 address, lowercase, in brackets as URLs write it (`[::1]`).
    case ipv6(String)

    /// The host as text (a name, a dotted address, or a bracketed IPv6 address).
    public var text: String {
      switch self {
      case .name(let text), .ipv4(let text), .ipv6(let text): text
      }
    }
  }

  /// Why a URL is not a page a code may be filled on.
  public enum Error: Swift.Error, Equatable, Sendable {
    /// Not a URL this parser understands, user information in it, or a bad host or port.
    case unparsable
    /// A scheme other than `https:` (or `http:` on localhost).
    case insecure
  }

  /// The page's scheme.
  public let scheme: Scheme
  /// The page's host.
  public let host: Host
  /// The port when the URL names one.
  public let port: Int?

  /// Parses `url`; throws `.insecure` for a parsable URL of another scheme or plain `http:`
  /// away from localhost, `.unparsable` for anything else that is not an accepted page.
  public init(url: String) throws(Error) {
    var bytes = Array(url.utf8)[...]
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > bytes.startIndex else {
      throw .unparsable
    }
    let schemeText = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
    guard schemeText.utf8.allSatisfy({ Self.isSchemeByte($0) }) else { throw .unparsable }
    bytes = bytes[(colon + 1)...]
    guard schemeText == "https" || schemeText == "http" else { throw .insecure }
    guard bytes.starts(with: "//".utf8) else { throw .unparsable }
    bytes = bytes.dropFirst(2)
    let authorityEnd =
      bytes.firstIndex {
        [UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "\\")].contains($0)
      }
      ?? bytes.endIndex
    let authority = bytes[..<authorityEnd]
    guard !authority.contains(UInt8(ascii: "@")) else { throw .unparsable }
    let (host, port) = try Self.split(authority)
    guard !bytes[authorityEnd...].contains(where: { $0 <= 0x20 || $0 == 0x7F }) else { throw .unparsable }
    self.host = host
    self.port = port
    if schemeText == "https" {
      scheme = .https
    } else {
      guard host == .name("localhost") || host == .ipv4("127.0.0.1") else { throw .insecure }
      scheme = .http
    }
  }

  private static func isSchemeByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"),
      UInt8(ascii: "-"), UInt8(ascii: "."):
      true
    default: false
    }
  }

  /// The host and port of an authority without user information.
  private static func split(_ authority: ArraySlice<UInt8>) throws(Error) -> (Host, Int?) {
    var hostPart = authority
    var portPart: ArraySlice<UInt8>?
    if authority.first == UInt8(ascii: "[") {
      guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { throw .unparsable }
      hostPart = authority[...close]
      let rest = authority[(close + 1)...]
      if !rest.isEmpty {
        guard rest.first == UInt8(ascii: ":") else { throw .unparsable }
        portPart = rest.dropFirst()
      }
    } else if let colon = authority.firstIndex(of: UInt8(ascii: ":")) {
      hostPart = authority[..<colon]
      portPart = authority[(colon + 1)...]
    }
    var port: Int?
    if let portPart, !portPart.isEmpty {
      guard portPart.count <= 5, portPart.allSatisfy({ (0x30...0x39).contains($0) }),
        let value = Int(String(decoding: portPart, as: UTF8.self)), value <= 65535
      else { throw .unparsable }
      port = value
    }
    guard let host = parseHost(hostPart) else { throw .unparsable }
    return (host, port)
  }

  /// An IPv6 literal, a dotted-decimal IPv4 address or an ASCII host name.
  static func parseHost(_ bytes: ArraySlice<UInt8>) -> Host? {
    let text = String(decoding: bytes, as: UTF8.self).lowercased()
    if bytes.first == UInt8(ascii: "[") {
      guard bytes.last == UInt8(ascii: "]"), IPAddress.isIPv6(text.dropFirst().dropLast()) else { return nil }
      return .ipv6(text)
    }
    if IPAddress.isIPv4(text) { return .ipv4(text) }
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 < 0x80 }), let name = HostName(text) else { return nil }
    return .name(name.suffix(labels: name.labelCount))
  }
}
