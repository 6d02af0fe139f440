import Arguments

extension ManualPage {
  /// What `twofold help --man` adds to the command table: the contract's environment, files,
  /// exit statuses (CLI.md), and examples.
  static let twofold = ManualPage(
    summary: "two-factor codes from an encrypted, Aegis-compatible vault",
    source: "twofold \(Twofold.version)",
    description: [
      "Twofold keeps TOTP, HOTP, Steam, mOTP and Yandex secrets in an encrypted vault in Aegis "
        + "Authenticator's vault format, so the same file moves between an Android phone and a Linux "
        + "machine. On a terminal, twofold without a command opens the vault in a live full-screen list "
        + "of codes (? lists its keys); otherwise it prints them, as twofold list does.",
      "The vault is --vault PATH, else $TWOFOLD_VAULT, else $XDG_DATA_HOME/twofold/vault.json "
        + "(~/.local/share/twofold/vault.json). The password is asked on the terminal without echo; "
        + "scripts give it with --password-file FILE (the first line) or $TWOFOLD_PASSWORD. Without a "
        + "terminal it is asked through $TWOFOLD_ASKPASS, else pinentry when a display is set. Options may "
        + "stand before or after the command.",
      "QUERY selects an account: an exact id, else an exact issuer:name, else a case-insensitive "
        + "substring of issuer or name. One match is used; none or several is an error (status 3) that "
        + "lists the candidates. For list, QUERY filters by the same rules, and no match is an empty list.",
      "The first command whose password is typed (on a terminal, through askpass or pinentry) hands the "
        + "vault's key to the agent, a small background process, so later commands ask nothing. It "
        + "forgets the key after 15 minutes without use, 8 hours after unlocking, at twofold lock, or "
        + "when the vault's password changes. show --uri, show --qr, export and passwd always ask. A "
        + "password from --password-file or $TWOFOLD_PASSWORD never starts an agent.",
      "Commands that only read (list, show, code --uri, verify, export) never write the vault. A change "
        + "first copies the vault into backups/, then replaces the file whole under a lock; a failure "
        + "never changes it.",
    ],
    sections: [
      ManualSection("ENVIRONMENT", environment),
      ManualSection("FILES", files),
      ManualSection(
        "EXIT STATUS",
        [
          .entry("0", "Done."),
          .entry(
            "1",
            "The operation failed: wrong password, damaged or locked vault, invalid code (verify), "
              + "unreadable file, a cancelled password request."),
          .entry(
            "2",
            "The command line is wrong: unknown command or option, malformed value, bad URI; or a "
              + "password is needed and there is no terminal, askpass or pinentry to ask with."),
          .entry("3", "QUERY matched no account, or several."),
          .paragraph(
            "Every failure prints one line on standard error saying what went wrong and, where there "
              + "is one, what to do."),
        ]),
      ManualSection("EXAMPLES", examples),
    ],
    seeAlso: ["oathtool(1)", "pinentry(1)", "ssh-agent(1)", "systemctl(1)"]
  )

  private static let environment: [ManualBlock] = [
    .entry("TWOFOLD_VAULT", "The vault file when --vault is not given."),
    .entry(
      "TWOFOLD_PASSWORD",
      "The vault password when --password-file is not given (an empty value counts as unset). It "
        + "never starts an agent."),
    .entry(
      "XDG_DATA_HOME",
      "The vault is $XDG_DATA_HOME/twofold/vault.json unless --vault or $TWOFOLD_VAULT says otherwise "
        + "(~/.local/share when unset); imported icon packs are in $XDG_DATA_HOME/twofold/icons."),
    .entry(
      "XDG_CACHE_HOME",
      "pick writes the icons it shows in rofi and fuzzel to $XDG_CACHE_HOME/twofold/icons (~/.cache when "
        + "unset)."),
    .entry(
      "XDG_RUNTIME_DIR",
      "The agent's socket is $XDG_RUNTIME_DIR/twofold/agent.sock (else /tmp/twofold-UID/agent.sock, or "
        + "~/.cache/twofold/run/agent.sock when another user or a link holds that name first)."),
    .entry("TWOFOLD_AGENT", "off: never use nor start an agent, as --no-agent."),
    .entry(
      "TWOFOLD_KEYRING",
      "off: leave the login keyring alone (no key is read from it). dbus: speak to the Secret Service "
        + "with Twofold's own client instead of libsecret, as a statically linked twofold does."),
    .entry(
      "DBUS_SESSION_BUS_ADDRESS", "The session bus, where the Secret Service (the login keyring) is found."),
    .entry(
      "TWOFOLD_ASKPASS",
      "A program that asks for the password without a terminal: it is run with the prompt as its "
        + "argument, the first line it prints is the password, and a non-zero status cancels (status 1)."),
    .entry(
      "TWOFOLD_KEY_PASSWORD",
      "The YubiKeys' OATH password for key list when --key-password-file is not given (an empty value "
        + "counts as unset)."),
    .entry(
      "PCSCLITE_CSOCK_NAME",
      "pcscd's socket, as libpcsclite reads it (/run/pcscd/pcscd.comm when unset): where key finds the "
        + "smart card readers."),
    .entry(
      "TWOFOLD_CLIPBOARD_SECONDS",
      "Seconds a code copied with code --copy stays on the clipboard (0 to 86400; default 30)."),
    .entry("NO_COLOR", "When set and not empty, the full-screen app uses no colours."),
    .entry(
      "XDG_CONFIG_HOME",
      "The browser bindings are $XDG_CONFIG_HOME/twofold/browser.json (~/.config when unset)."),
    .entry(
      "TWOFOLD_PUBLIC_SUFFIX_LIST",
      "The Public Suffix List to read registrable domains from, instead of "
        + "/usr/share/publicsuffix/public_suffix_list.dat (Debian's publicsuffix package), else "
        + "/usr/share/twofold/public_suffix_list.dat."),
    .entry(
      "DISPLAY, WAYLAND_DISPLAY",
      "A desktop session: pinentry asks for the password when $TWOFOLD_ASKPASS is not set, and the "
        + "clipboard is wl-copy under Wayland, xclip or xsel under X11."),
  ]

  private static let files: [ManualBlock] = [
    .entry(
      "$XDG_DATA_HOME/twofold/vault.json",
      "The vault (0600, in a 0700 folder): Aegis's format, sealed with scrypt and AES-256-GCM, or "
        + "unencrypted after init --unencrypted."),
    .entry(
      "backups/",
      "Beside the vault: NAME-YYYYMMDD-HHMMSS.json, the vault as it was before each change (UTC; the "
        + "newest 20 are kept)."),
    .entry(
      "settings.json", "Beside the vault: the full-screen app's settings (theme, sort order, auto-lock)."),
    .entry(
      "sync/",
      "Beside the vault: the sources twofold sync remembers and the base of each, sealed with the "
        + "vault's key."),
    .entry(
      "$XDG_RUNTIME_DIR/twofold/agent.sock",
      "The agent's socket (0600, in a 0700 folder of your own); it answers only your own user."),
    .entry(
      "$XDG_CONFIG_HOME/twofold/browser.json",
      "The browser bindings (0600): the registrable domains each account's codes may be filled on, by "
        + "account id, and whether autofill is on. Never a secret; the vault is never changed by them."),
    .entry(
      "~/.config/chromium/NativeMessagingHosts/io.github.twofold.json",
      "The browser's native messaging host manifest twofold browser install writes (also under "
        + "~/.config/google-chrome/NativeMessagingHosts and ~/.mozilla/native-messaging-hosts): it names "
        + "this twofold by its absolute path and allows only the Twofold extension."),
    .entry(
      "$XDG_DATA_HOME/twofold/icons/UUID/",
      "An imported Aegis icon pack: its pack.json and images (0600, in 0700 folders), replaced whole when a "
        + "pack of the same uuid is imported again."),
    .entry(
      "$XDG_CACHE_HOME/twofold/icons/",
      "The icons pick hands to rofi and fuzzel, one file per icon named by its hash (0600); safe to delete."),
    .entry(
      "/usr/lib/systemd/user/twofold-agent.service",
      "A systemd user unit that starts the agent at login (systemctl --user enable --now twofold-agent)."),
  ]

  private static let examples: [ManualBlock] = [
    .paragraph("Create a vault and add an account from its Key URI or from fields:"),
    .example([
      "twofold init",
      "twofold add --uri 'otpauth://totp/GitHub:me?secret=JBSWY3DPEHPK3PXP&issuer=GitHub'",
      "twofold add --issuer AWS --name me --secret JBSWY3DPEHPK3PXP",
    ]),
    .paragraph("Print a code for a script, or also copy it to the clipboard:"),
    .example(["twofold code github", "twofold code github --copy"]),
    .paragraph("Without any vault, like oathtool:"),
    .example([
      "twofold code --uri 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' --at 1700000000",
      "twofold verify --uri 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' 123456 --window 1",
    ]),
    .paragraph("Unlock once, use the vault without a password, then lock it:"),
    .example(["twofold unlock --idle 600", "twofold list --json", "twofold lock --all"]),
    .paragraph("Import another app's export, and export for Aegis:"),
    .example([
      "twofold import backup.2fas --source-password-file pw.txt",
      "twofold export --format aegis --output twofold.json",
    ]),
    .paragraph("Merge with a copy of the vault shared through Syncthing:"),
    .example(["twofold sync ~/Sync/twofold/vault.json"]),
    .paragraph("Let the browser extension fill GitHub's codes on github.com and its subdomains:"),
    .example([
      "twofold browser install", "twofold browser bind GitHub:me github.com", "twofold browser bindings",
    ]),
    .paragraph(
      "Give each account the icon an Aegis icon pack has for its issuer, in the vault, so the phone shows it too:"
    ),
    .example(["twofold icons import aegis-icons.zip", "twofold icons apply --dry-run", "twofold icons apply"]
    ),
    .paragraph("Complete commands, options and accounts in bash, zsh or fish:"),
    .example([
      "twofold completions bash > ~/.local/share/bash-completion/completions/twofold",
      "twofold completions zsh > ~/.zfunc/_twofold",
      "twofold completions fish > ~/.config/fish/completions/twofold.fish",
    ]),
  ]
}
