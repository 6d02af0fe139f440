import Codecs

/// The native messaging host manifest (`io.github.twofold.json`) that lets a browser start the
/// host, and where each browser reads it for one user (CLI.md, "In the browser").
public struct HostManifest: Equatable, Sendable {
  /// The browsers a manifest is written for.
  public enum Browser: String, CaseIterable, Sendable {
    /// Chromium (Debian's `chromium`).
    case chromium
    /// Google Chrome.
    case chrome
    /// Firefox.
    case firefox

    /// The browsers `--browser NAME` names (`all`: every one), or nil for an unknown name.
    public static func named(_ name: String) -> [Browser]? {
      name == "all" ? allCases : Browser(rawValue: name).map { [$0] }
    }

    /// The user's manifest folder: under `config` (`$XDG_CONFIG_HOME`, else `~/.config`, where
    /// Chromium and Chrome keep their profiles), or under the home folder `home` for Firefox.
    public func folder(home: String, config: String) -> String {
      switch self {
      case .chromium: config + "/chromium/NativeMessagingHosts"
      case .chrome: config + "/google-chrome/NativeMessagingHosts"
      case .firefox: home + "/.mozilla/native-messaging-hosts"
      }
    }

    /// The user's manifest file.
    public func path(home: String, config: String) -> String {
      folder(home: home, config: config) + "/\(HostCaller.hostName).json"
    }

    /// Whether the browser names extensions by origin (Chromium's family) or by id (Firefox).
    var usesOrigins: Bool { self != .firefox }
  }

  /// The browser this manifest is for.
  public var browser: Browser
  /// The absolute path of the `twofold` executable.
  public var executable: String
  /// The extension ids allowed besides the extension's own.
  public var extraExtensions: [String]

  /// The manifest of `browser` starting `executable`, allowing the extension and `extraExtensions`.
  public init(browser: Browser, executable: String, extraExtensions: [String] = []) {
    self.browser = browser
    self.executable = executable
    self.extraExtensions = extraExtensions
  }

  /// The ids this manifest allows, the extension's own first: of `extraExtensions`, Chromium's
  /// family takes those shaped as Chromium ids, Firefox the others.
  public var allowedExtensions: [String] {
    let own = browser.usesOrigins ? HostCaller.chromiumExtension : HostCaller.firefoxExtension
    var ids = [own]
    for id in extraExtensions
    where HostCaller.isChromiumID(id) == browser.usesOrigins && !ids.contains(id) {
      ids.append(id)
    }
    return ids
  }

  /// The manifest's JSON: `allowed_origins` for Chromium's family, `allowed_extensions` for Firefox.
  public var json: JSONValue {
    var object = JSONObject([
      ("name", .string(HostCaller.hostName)),
      ("description", "Twofold: two-factor codes for the Twofold browser extension"),
      ("path", .string(executable)),
      ("type", "stdio"),
    ])
    if browser.usesOrigins {
      object["allowed_origins"] = .array(allowedExtensions.map { .string("chrome-extension://\($0)/") })
    } else {
      object["allowed_extensions"] = .array(allowedExtensions.map { .string($0) })
    }
    return .object(object)
  }

  /// The file's bytes: the JSON, indented, and a final line break.
  public var bytes: [UInt8] { json.serialized(pretty: true) + [0x0a] }
}
