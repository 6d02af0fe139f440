import Arguments

extension CommandTable {
  /// `twofold browser ACTION …` (CLI.md, "In the browser"): one row whose actions and options
  /// are gathered from the lists below, each kept by the part of the program that runs it.
  static let browser = CommandSpec(
    "browser", "the browser extension: which sites each account's codes are filled on",
    positionals: [
      PositionalSpec(
        "ACTION", browserActions.map(\.name).joinedText(separator: ", "),
        completion: .values(browserActions.map(\.name))),
      PositionalSpec("ARGUMENT", "the action's arguments", optional: true, variadic: true),
    ],
    options: browserInstallOptions + browserBindingOptions,
    discussion: browserActions.map { "\($0.usage): \($0.summary)." }.joinedText(separator: " "))

  /// The actions of `browser`, in the order help lists them.
  static let browserActions = browserInstallActions + browserBindingActions

  // MARK: Bindings (BrowserCommands.swift)

  /// The actions that manage bindings and settings in browser.json.
  static let browserBindingActions: [(name: String, usage: String, summary: String)] = [
    (
      "bind", "bind QUERY DOMAIN",
      "let the extension fill the account's codes on DOMAIN's registrable domain and its subdomains "
        + "(accounts.example.co.uk binds example.co.uk; an IP address binds as itself)"
    ),
    ("unbind", "unbind QUERY [DOMAIN]", "remove one binding of the account, or all of them"),
    (
      "bindings", "bindings [--json]",
      "list the bindings (JSON: id, issuer, name, domain); those of deleted accounts are dropped with a warning"
    ),
    (
      "autofill", "autofill on|off",
      "whether a page's code field is filled when you first focus it (default off: on a click)"
    ),
  ]

  /// The options of the binding actions.
  static let browserBindingOptions: [OptionSpec] = [
    .flag("json", "with bindings: print a JSON array")
  ]

  // MARK: End of the binding actions
}
