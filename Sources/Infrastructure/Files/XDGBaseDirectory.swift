/// The XDG base directories Twofold keeps its files in, each with Twofold's own folder: the
/// variable's value when it is an absolute path, else its default under `$HOME`.
public enum XDGBaseDirectory: Sendable {
  /// `$XDG_DATA_HOME`, else `~/.local/share`: the vault, the icon packs.
  case data
  /// `$XDG_CONFIG_HOME`, else `~/.config`: the browser bindings.
  case config
  /// `$XDG_STATE_HOME`, else `~/.local/state`: the sync state.
  case state
  /// `$XDG_CACHE_HOME`, else `~/.cache`: icons written for menus.
  case cache

  /// The variable naming the directory.
  var variable: String {
    switch self {
    case .data: "XDG_DATA_HOME"
    case .config: "XDG_CONFIG_HOME"
    case .state: "XDG_STATE_HOME"
    case .cache: "XDG_CACHE_HOME"
    }
  }

  /// The directory under `$HOME` when the variable is unset or not absolute.
  var underHome: String {
    switch self {
    case .data: "/.local/share"
    case .config: "/.config"
    case .state: "/.local/state"
    case .cache: "/.cache"
    }
  }

  /// Twofold's folder in this directory of `variables` (`…/twofold`); nil when neither the
  /// variable (absolute) nor `HOME` names a place.
  public func twofold(_ variables: [String: String]) -> String? {
    if let base = variables[variable], base.hasPrefix("/") { return base + "/twofold" }
    guard let home = variables["HOME"], !home.isEmpty else { return nil }
    return home + underHome + "/twofold"
  }
}
