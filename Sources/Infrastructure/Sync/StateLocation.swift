import Crypto
import OTP

/// Where a device keeps its per-vault sync state (sync.md "Sources"): `$XDG_STATE_HOME/twofold/`,
/// else `~/.local/state/twofold/`, one folder per vault named after its file and a hash of its
/// absolute path, never beside the vault, so a synced folder carries only vault files and backups.
public enum StateLocation {
  /// The state root of `variables`; nil when neither `XDG_STATE_HOME` (absolute) nor `HOME` is set.
  public static func root(variables: [String: String]) -> String? {
    XDGBaseDirectory.state.twofold(variables)
  }

  /// The state root of this process's environment (the agent's, which a command started).
  public static func root() -> String? {
    var variables: [String: String] = [:]
    for name in ["XDG_STATE_HOME", "HOME"] {
      if let value = POSIX.variable(name) { variables[name] = value }
    }
    return root(variables: variables)
  }

  /// The state folder of the vault at the absolute path `vault` under `root`.
  public static func folder(forVault vault: String, root: String) -> String {
    let stem = BackupName.stem(of: POSIX.fileName(of: vault))
    return root + "/vaults/" + stem + "-" + Hex.encode(Digest.sha256(Array(vault.utf8)).prefix(8))
  }
}
