/// Which extension started the host, from the arguments the browser gives it: Chromium passes
/// the caller's origin (`chrome-extension://ID/`), Firefox the manifest's path and then the
/// extension's id. Only an allowed extension is answered.
public enum HostCaller: Equatable, Sendable {
  /// A Chromium-family extension, by its 32-letter id.
  case chromium(String)
  /// A Firefox extension, by its id (`browser@twofold.github.io`).
  case firefox(String)

  /// The host's name, as the manifests and the extension's `connectNative` give it.
  public static let hostName = "io.github.twofold"
  /// The extension's Chromium id, fixed by the `key` in its manifest.
  public static let chromiumExtension = "maggmomcnhchelfjdeklmocgeajkmdll"
  /// The extension's Firefox id (`browser_specific_settings.gecko.id`).
  public static let firefoxExtension = "browser@twofold.github.io"

  /// The caller the browser's arguments name, or nil when they name none.
  public init?(arguments: [String]) {
    let prefix = "chrome-extension://"
    if let origin = arguments.first(where: { $0.hasPrefix(prefix) }) {
      var id = origin.dropFirst(prefix.count)
      if id.hasSuffix("/") { id = id.dropLast() }
      guard Self.isChromiumID(id) else { return nil }
      self = .chromium(String(id))
      return
    }
    // Firefox: the manifest's absolute path, then the id.
    guard arguments.count == 2, arguments[0].hasPrefix("/"), !arguments[1].isEmpty,
      !arguments[1].contains("/")
    else { return nil }
    self = .firefox(arguments[1])
  }

  /// Whether `id` has the shape of a Chromium extension id: 32 letters from `a` to `p`.
  public static func isChromiumID(_ id: some StringProtocol) -> Bool {
    id.utf8.count == 32 && id.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "p")).contains($0) }
  }

  /// The caller's extension id.
  public var extensionID: String {
    switch self {
    case .chromium(let id), .firefox(let id): id
    }
  }

  /// Whether the caller is the extension itself or one of `extra` (ids added by
  /// `browser install --extension-id`).
  public func isAllowed(extra: [String]) -> Bool {
    switch self {
    case .chromium(let id): id == Self.chromiumExtension || extra.contains(id)
    case .firefox(let id): id == Self.firefoxExtension || extra.contains(id)
    }
  }
}
