/// The release every executable of Twofold reports (`twofold --version`, `twofold-desktop
/// --version`, the manual pages and the Debian packages): one place for it.
public enum Release {
  /// The version, as `--version` prints it.
  public static let version = "0.1.0"
}
