import Arguments

extension CommandTable {
  /// `twofold icons ACTION …` (CLI.md, "The desktop window, to the GNOME standard"): Aegis icon
  /// packs, imported into `$XDG_DATA_HOME/twofold/icons/` and applied to the vault's entries.
  static let icons = CommandSpec(
    "icons", "Aegis icon packs: import one, apply its icons to the vault's entries, list those imported",
    positionals: [
      PositionalSpec(
        "ACTION", iconsActions.map(\.name).joinedText(separator: ", "),
        completion: .values(iconsActions.map(\.name))),
      PositionalSpec("PACK", "with import: the icon pack, a .zip file", optional: true, completion: .file),
    ],
    options: [
      .flag("dry-run", "with apply: print what would change and change nothing"),
      .flag("replace", "with apply: also replace the icon of an entry that has one"),
    ],
    discussion: iconsActions.map { "\($0.usage): \($0.summary)." }.joinedText(separator: " ")
      + " An entry's icon is kept in the vault as Aegis keeps it, so the phone shows it after a sync.")

  /// The actions of `icons`, in the order help lists them.
  static let iconsActions: [(name: String, usage: String, summary: String)] = [
    (
      "import", "import PACK.zip",
      "read an Aegis icon pack (pack.json and its images, each checked: PNG, JPEG or an SVG referring to "
        + "nothing outside itself, at most 1 MiB) into $XDG_DATA_HOME/twofold/icons; a pack of the same "
        + "uuid is replaced, and a bad pack writes nothing"
    ),
    (
      "apply", "apply [--dry-run] [--replace]",
      "give each account whose issuer an imported icon names (case and accents aside) that icon; an "
        + "entry that has an icon keeps it unless --replace"
    ),
    ("list", "list", "the imported packs: name, version, icon count and uuid"),
  ]
}
