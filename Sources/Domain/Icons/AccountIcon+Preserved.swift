extension AccountIcon {
  /// The keys of the preserved fields that hold an entry's icon (`icon`, `icon_mime`,
  /// `icon_hash`): no secret, so the agent hands them to its clients with the rest of an entry.
  public static var preservedKeys: Set<String> { Key.all }
}
