import Arguments

extension CommandTable {
  /// Every command and option of `twofold`, as `CLI.md` fixes them.
  static let twofold = CommandTable(
    program: "twofold",
    abstract: "twofold: two-factor codes from an encrypted, Aegis-compatible vault.",
    globalOptions: [
      .value("vault", "PATH", "the vault file (default $TWOFOLD_VAULT, else $XDG_DATA_HOME/twofold/vault.json)"),
      .value("password-file", "FILE", "read the vault password from the first line of FILE"),
      .flag("help", "show help"),
      .flag("version", "print the version"),
    ],
    commands: [
      CommandSpec(
        "code", "print the current code of one account, or of a Key URI without any vault",
        positionals: [PositionalSpec("QUERY", "id, issuer:name, or part of issuer or name", optional: true)],
        options: [
          .value("uri", "URI", "compute from this Key URI instead of the vault (no vault is read)"),
          .value("at", "UNIX_SECONDS", "compute for this Unix time instead of now"),
          .value("pin", "PIN", "the PIN of an mOTP or Yandex account given with --uri"),
        ]),
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
        "help", "show help for a command",
        positionals: [PositionalSpec("COMMAND", "the command", optional: true)]),
    ]
  )
}
