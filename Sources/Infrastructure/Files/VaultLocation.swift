/// Where the vault is when no path is given: `$TWOFOLD_VAULT`, else
/// `$XDG_DATA_HOME/twofold/vault.json`, else `~/.local/share/twofold/vault.json`.
public enum VaultLocation {
  /// `option` when given, else the default of `variables`; nil when neither names a place.
  public static func path(option: String?, variables: [String: String]) -> String? {
    if let option, !option.isEmpty { return option }
    if let path = variables["TWOFOLD_VAULT"], !path.isEmpty { return path }
    return XDGBaseDirectory.data.twofold(variables).map { $0 + "/vault.json" }
  }
}
