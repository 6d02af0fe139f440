import Arguments

extension CommandTable {
  /// Every command and option of `twofold`, as `CLI.md` fixes them.
  static let twofold = CommandTable(
    program: "twofold",
    abstract: "twofold: two-factor codes from an encrypted, Aegis-compatible vault.",
    globalOptions: [
      .value(
        "vault", "PATH", "the vault file (default $TWOFOLD_VAULT, else $XDG_DATA_HOME/twofold/vault.json)",
        completion: .file),
      .value(
        "password-file", "FILE", "read the vault password from the first line of FILE", completion: .file),
      .flag("no-agent", "neither use nor start the agent (also $TWOFOLD_AGENT=off)"),
      .flag("help", "show help"),
      .flag("version", "print the version"),
    ],
    commands: [
      CommandSpec(
        "init", "create the vault (password asked twice); never overwrites one",
        options: [.flag("unencrypted", "store the vault without encryption (no password)")]),
      CommandSpec(
        "add", "add an account from a Key URI or from fields",
        options: [
          .value("uri", "URI", "the account's otpauth:// or motp:// URI"),
          .value("issuer", "I", "the service"),
          .value("name", "N", "the account name at the service"),
          .value("secret", "BASE32", "the shared secret"),
          .value(
            "type", "TYPE", "totp (default), hotp, steam, motp or yandex",
            completion: .values(["totp", "hotp", "steam", "motp", "yandex"])),
          .value(
            "algorithm", "ALG", "SHA1 (default), SHA256, SHA512; MD5 for motp",
            completion: .values(["SHA1", "SHA256", "SHA512", "MD5"])),
          .value("digits", "D", "code length (default 6)"),
          .value("period", "S", "seconds per code (default 30)"),
          .value("counter", "C", "HOTP counter of the next code (default 0)"),
          .value("pin", "P", "PIN of an motp or yandex account"),
          .value("group", "G", "put the account in group G (repeatable)", repeatable: true),
          .value("note", "TEXT", "a note"),
          .flag("favorite", "list the account first"),
          .flag("from-screen", "read the account's QR code from the screen (a region chosen with the mouse)"),
          .flag("whole-screen", "with --from-screen: look at the whole screen, choose no region"),
        ]),
      CommandSpec(
        "list", "accounts with their current codes and seconds left",
        positionals: [
          PositionalSpec(
            "QUERY", "only accounts matching: id, issuer:name or part of issuer or name", optional: true,
            completion: accountQuery)
        ],
        options: [.flag("json", "print a JSON array (never contains secrets)")]),
      CommandSpec(
        "code", "print the code of one account, or of a Key URI without any vault",
        positionals: [
          PositionalSpec(
            "QUERY", "id, issuer:name, or part of issuer or name", optional: true, completion: accountQuery)
        ],
        options: [
          .flag("copy", "also copy the code to the clipboard (cleared from it after 30 s)"),
          .flag("type", "type the code into the focused window instead of printing it"),
          .value("uri", "URI", "compute from this Key URI instead of the vault (no vault is read)"),
          .value("at", "UNIX_SECONDS", "with --uri: compute for this Unix time instead of now"),
          .value("pin", "PIN", "with --uri: the PIN of an mOTP or Yandex account"),
        ],
        discussion:
          "For an HOTP account the counter is advanced and saved before the code is printed; "
          + "with --type, once it is typed (a failed typing spends no code)."),
      CommandSpec(
        "pick", "choose an account in a menu (dmenu, rofi, fuzzel, …) and copy, type or print its code",
        positionals: [
          PositionalSpec(
            "QUERY", "offer only the accounts matching", optional: true, completion: accountQuery)
        ],
        options: [
          .value("menu", "COMMAND", "the menu program and its arguments (default $TWOFOLD_MENU, else found)"),
          .flag("copy", "copy the code to the clipboard, cleared after 30 s (the default)"),
          .flag("type", "type the code into the focused window"),
          .flag("print", "print the code"),
        ],
        discussion:
          "The menu gets one line per account (issuer, name, groups; never a code) and prints the one chosen. "
          + "Without --menu or $TWOFOLD_MENU the first found of fuzzel, wofi, bemenu, rofi and dmenu is used."
      ),
      CommandSpec(
        "verify", "check a code against a Key URI: exit 0 if valid, 1 if not",
        positionals: [PositionalSpec("CODE", "the code to check")],
        options: [
          .value("uri", "URI", "the account's Key URI (required)"),
          .value("window", "N", "accept codes up to N steps before or after (default 1)"),
          .value("at", "UNIX_SECONDS", "verify at this Unix time instead of now"),
          .value("pin", "PIN", "the PIN of an mOTP or Yandex account"),
        ]),
      CommandSpec(
        "show", "details of one account (never the secret unless --uri)",
        positionals: [
          PositionalSpec("QUERY", "id, issuer:name, or part of issuer or name", completion: accountQuery)
        ],
        options: [
          .flag("uri", "print the account's Key URI, secret included, and nothing else"),
          .flag("qr", "draw the Key URI as a QR code"),
        ]),
      CommandSpec(
        "edit", "change an account's label, note, groups or favorite flag",
        positionals: [
          PositionalSpec("QUERY", "id, issuer:name, or part of issuer or name", completion: accountQuery)
        ],
        options: [
          .value("issuer", "I", "new issuer"),
          .value("name", "N", "new name"),
          .value("note", "TEXT", "new note"),
          .value("group", "G", "replace the groups with these (repeatable)", repeatable: true),
          .flag("no-groups", "take the account out of every group"),
          .flag("favorite", "mark as favorite"),
          .flag("no-favorite", "unmark as favorite"),
        ]),
      CommandSpec(
        "remove", "delete an account",
        positionals: [
          PositionalSpec("QUERY", "id, issuer:name, or part of issuer or name", completion: accountQuery)
        ],
        options: [.flag("yes", "do not ask for confirmation (required without a terminal)")]),
      CommandSpec(
        "demo", "open the full-screen app on a built-in demo vault in memory (no password, nothing saved)"),
      CommandSpec(
        "import", "add the accounts of other apps' exports, all or nothing",
        positionals: [
          PositionalSpec(
            "FILE", "exports to read (several QR codes of one export may be given)", optional: true,
            variadic: true, completion: .file)
        ],
        options: [
          .flag(
            "from-screen", "read the QR codes on the screen (a region chosen with the mouse) instead of files"
          ),
          .flag("whole-screen", "with --from-screen: look at the whole screen, choose no region"),
          .value(
            "format", "F",
            "the format when it cannot be detected: \(importFormats.joinedText(separator: ", "))",
            completion: .values(importFormats)),
          .flag("dry-run", "print what would be added and change nothing"),
          .flag("skip-bad", "import what can be read and name each entry skipped"),
          .value(
            "source-password-file", "FILE", "the password of an encrypted export, first line of FILE",
            completion: .file),
        ]),
      CommandSpec(
        "export", "write the accounts for another app or a backup (the vault is not changed)",
        options: [
          .value(
            "format", "F", "aegis (encrypted), aegis-plain, uris, or google-qr (QR codes on the terminal)",
            completion: .values(["aegis", "aegis-plain", "uris", "google-qr"])),
          .value("output", "FILE", "write to FILE (0600) instead of standard output", completion: .file),
          .value(
            "export-password-file", "FILE", "the export's own password, first line of FILE (aegis)",
            completion: .file),
        ]),
      CommandSpec(
        "passwd", "change the vault password (asked twice)",
        options: [
          .value(
            "new-password-file", "FILE", "read the new password from the first line of FILE",
            completion: .file)
        ]),
      CommandSpec(
        "sync", "three-way merge with shared vault files and folders of Aegis backups",
        positionals: [
          PositionalSpec(
            "SOURCE",
            "a shared vault file (two-way) or a folder of Aegis automatic backups (one-way); "
              + "none: every source synced before and the vault's own conflict copies", optional: true,
            variadic: true, completion: .file)
        ],
        options: [
          .flag("dry-run", "print what would change and write nothing"),
          .flag("watch", "stay in the foreground and sync within 5 s of each change to the sources"),
          .flag("json", "print a JSON array with one object per source"),
          .value(
            "source-password-file", "FILE", "the password of sources the vault's own does not open",
            completion: .file),
          .value("forget", "SOURCE", "drop a remembered source and its base", completion: .file),
        ],
        discussion:
          "Conflicts are resolved by fixed rules: a secret is never lost, our other values win. "
          + "Each version is merged against its common ancestor with the vault, from the versions this "
          + "device kept in $XDG_STATE_HOME/twofold, so two devices that synced apart lose nothing."),
      CommandSpec(
        "merge-driver", "merge three versions of a vault for git (merge.twofold.driver)",
        positionals: [
          PositionalSpec("BASE", "the common ancestor (%O)", completion: .file),
          PositionalSpec("OURS", "ours, written with the result (%A)", completion: .file),
          PositionalSpec("THEIRS", "theirs (%B)", completion: .file),
        ]),
      CommandSpec(
        "unlock", "hand the vault's key to the agent, so later commands do not ask for the password",
        options: [
          .value("idle", "SECONDS", "lock after this many seconds without use (default 900)"),
          .value("max", "SECONDS", "lock this many seconds after unlocking, used or not (default 28800)"),
        ]),
      CommandSpec(
        "lock", "make the agent forget the vault's key at once",
        options: [.flag("all", "forget every vault's key")]),
      CommandSpec(
        "status", "whether an agent runs and which vaults it holds (never starts one)",
        options: [.flag("json", "print a JSON object")],
        discussion:
          "Also the problem, if any, that stopped the agent's last sync of the vault without being asked "
          + "(a source it cannot open, say), read from the vault's state even when no agent runs; "
          + "a sync of that source that succeeds clears it."),
      CommandSpec(
        "keyring", "keep the vault's key in the login keyring, so commands open it without a password",
        positionals: [
          PositionalSpec(
            "ACTION", "enable, disable or status", completion: .values(["enable", "disable", "status"]))
        ],
        options: [.flag("json", "with status: print a JSON object")],
        discussion:
          "enable stores the vault's key in the Secret Service's default collection (the login keyring), "
          + "after the vault's password opens it (asked even while the agent holds the key, which hands "
          + "its key to no one); disable removes it; status says enabled, disabled or locked "
          + "and never prompts. While the keyring is unlocked, a command that needs the key and finds no "
          + "agent holding it reads it from there, without a prompt of any kind, and hands it to the agent. "
          + "The vault file is never changed. $TWOFOLD_KEYRING=off leaves the keyring alone."),
      CommandSpec(
        "key", "the OATH accounts of the YubiKeys connected (through pcscd)",
        positionals: [PositionalSpec("ACTION", "list or add", completion: .values(["list", "add"]))],
        options: [
          .flag("json", "with list: print a JSON array"),
          .value("uri", "URI", "with add: the account's otpauth:// URI"),
          .flag("touch", "with add: each code needs a touch of the key"),
          .value("reader", "NAME", "only the smart card readers whose name contains NAME (any case)"),
          .value(
            "key-password-file", "FILE",
            "the keys' password, the file's first line (else $TWOFOLD_KEY_PASSWORD)"),
        ],
        discussion:
          "list shows every connected key (a reader whose card answers the OATH applet's SELECT) by its "
          + "serial, with its firmware, its reader, whether a password protects it, and its accounts: "
          + "never a code, never a secret. A key whose password is set shows its accounts when "
          + "--key-password-file or $TWOFOLD_KEY_PASSWORD gives the password, else it is listed locked. "
          + "add writes the account a Key URI describes on the one key connected (--reader narrows them): "
          + "what a key cannot hold is status 2, a name already on the key status 1, nothing written. "
          + "Each key is opened exclusively and closed before the command ends. Needs pcscd and "
          + "libpcsclite; $PCSCLITE_CSOCK_NAME names pcscd's socket."),
      browser,
      icons,
      CommandSpec(
        "agent", "run the agent (normally started on demand)",
        options: [.flag("foreground", "stay in the foreground (for a systemd user service)")],
        discussion:
          "The agent listens on $XDG_RUNTIME_DIR/twofold/agent.sock (else /tmp/twofold-UID/agent.sock, "
          + "or ~/.cache/twofold/run/agent.sock when another user or a link holds that name) "
          + "and answers only your own processes."),
      CommandSpec(
        "browser-host", "the browser extension's native messaging host (started by the browser)",
        positionals: [
          PositionalSpec(
            "ORIGIN",
            "what the browser passes: Chromium the caller's origin, Firefox the manifest and the id",
            variadic: true)
        ],
        discussion:
          "Reads framed JSON requests on standard input and answers each on standard output; refuses to "
          + "start (status 2) for an extension that is not allowed. Codes come from the agent, which it "
          + "never starts except to unlock through $TWOFOLD_ASKPASS or pinentry."),
      CommandSpec(
        "completions", "print a completion script for bash, zsh or fish",
        positionals: [
          PositionalSpec(
            "SHELL", "bash, zsh or fish", completion: .values(CompletionShell.allCases.map(\.rawValue)))
        ],
        discussion:
          "Account names are completed only while the agent holds the vault's key (or the vault is "
          + "unencrypted): completing never asks for a password."),
      CommandSpec(
        "help", "show help for a command, or the manual page",
        positionals: [PositionalSpec("COMMAND", "the command", optional: true, completion: .command)],
        options: [.flag("man", "print the manual page (roff), as installed for 'man twofold'")]),
    ]
  )

  /// Account labels (`issuer:name`) from `list --json`, read without asking for a password:
  /// no standard input, no terminal on standard error, and an askpass that always cancels.
  private static let accountQuery = ValueCompletion.dynamic(
    DynamicCompletion(
      words: ["env", "TWOFOLD_ASKPASS=false", "twofold", "list", "--json"], forwarding: ["vault"],
      sed:
        #"/^\{"id":/{s/^\{"id":"[^"]*","issuer":"(([^"\\]|\\.)*)","name":"(([^"\\]|\\.)*)".*$/\1:\3/;s/\\(["\\/])/\1/g;p;}"#
    ))
}

/// The `--format` names of `import` (CLI.md).
let importFormats = [
  "uris", "google", "aegis", "2fas", "andotp", "bitwarden", "freeotp-plus", "freeotp", "freeotp2", "stratum",
  "authy", "totp-authenticator", "steam", "duo", "proton", "battlenet", "google-db", "microsoft-db",
  "authenticator-plus", "qr",
]
