/// Every key binding, shown by `?` and used by the terminal front end's key map.
enum HelpContent {
  /// Keys and what they do, per screen.
  static let sections: [(title: String, bindings: [(keys: String, action: String)])] = [
    (
      "Accounts",
      [
        ("↑ ↓  j k", "move the selection"),
        ("g G  Home End", "first / last account"),
        ("/", "search issuer, name, note and groups as you type (Enter keeps, Esc clears)"),
        ("Enter  y", "copy the selected code (cleared from the clipboard after 30 s)"),
        ("space", "generate the next code of an HOTP account"),
        ("Tab", "filter by the next group"),
        ("f", "mark or unmark as favorite"),
        ("a", "add an account"),
        ("e", "edit the selected account"),
        ("d", "delete the selected account (asks first)"),
        ("i", "details, QR code and Key URI"),
        ("s", "settings"),
        ("?", "this help"),
        ("q", "quit"),
      ]
    ),
    (
      "Forms",
      [
        ("Tab  ↓  /  Shift-Tab  ↑", "next / previous field"),
        ("← →", "change type, algorithm or favorite"),
        ("Enter", "save"),
        ("Esc", "cancel"),
      ]
    ),
    (
      "Details",
      [
        ("u", "show or hide the Key URI (contains the secret)"), ("r", "draw the QR code"),
        ("Esc  q", "back"),
      ]
    ),
  ]
}
