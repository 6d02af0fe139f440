extension Account {
  /// Sets the account's icon, or removes it with nil; fields of an earlier icon that was no
  /// image (kept in `preserved`) go as well, so the icon written is the one set.
  public mutating func setIcon(_ icon: AccountIcon?) {
    if preserved.contains(where: { AccountIcon.fieldKeys.contains($0.key) }) {
      preserved.removeAll { AccountIcon.fieldKeys.contains($0.key) }
    }
    self.icon = icon
  }
}

extension AccountIcon {
  /// The keys of an Aegis entry's icon fields (vault-format.md ENTRY: `icon`, `icon_mime`,
  /// `icon_hash`): kept in `preserved` only when they do not give an image, and compared by
  /// sync as the icon field.
  public static let fieldKeys: Set<String> = ["icon", "icon_mime", "icon_hash"]
}
