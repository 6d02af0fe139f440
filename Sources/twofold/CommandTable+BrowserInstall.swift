import Arguments

extension CommandTable {
  /// The actions of `browser` that install the native messaging host (BrowserInstallCommand.swift).
  static let browserInstallActions: [(name: String, usage: String, summary: String)] = [
    (
      "install", "install [--browser NAME] [--extension-id ID]",
      "write the host manifest io.github.twofold.json for your user (~/.config/chromium/NativeMessagingHosts, "
        + "~/.config/google-chrome/NativeMessagingHosts, ~/.mozilla/native-messaging-hosts), naming this "
        + "twofold by its absolute path and allowing only the Twofold extension (and ID, a store build)"
    ),
    ("uninstall", "uninstall [--browser NAME]", "remove the host manifests"),
  ]

  /// The options of the install actions.
  static let browserInstallOptions: [OptionSpec] = [
    .value(
      "browser", "NAME", "with install and uninstall: chromium, chrome, firefox or all (default)",
      completion: .values(["chromium", "chrome", "firefox", "all"])),
    .value("extension-id", "ID", "with install: also allow this extension (a store build)"),
  ]
}
