import Codecs

extension Account {
  /// The entry's icon (preserved `icon` base64 + `icon_mime`); nil when absent, null or unreadable.
  /// Without an `icon_mime` (older Aegis vaults) the format is read from the bytes; an icon that
  /// is not an image of its type, too large, or an SVG referring outside itself is unreadable.
  public var icon: AccountIcon? {
    guard let encoded = Self.preservedString(AccountIcon.Key.icon, in: preserved),
      let bytes = try? Base64.decode(encoded)
    else { return nil }
    guard let mime = Self.preservedString(AccountIcon.Key.mime, in: preserved) else {
      return try? AccountIcon(bytes: bytes, fileName: nil)
    }
    guard let format = AccountIcon.Format(mime: mime) else { return nil }
    return try? AccountIcon(format: format, bytes: bytes)
  }

  /// Sets (or with nil removes: `icon` null, no mime/hash) the preserved icon fields incl. icon_hash.
  /// The fields take the place of the old ones, or come first among the preserved fields.
  public mutating func setIcon(_ icon: AccountIcon?) {
    var fields = preserved
    let at = fields.firstIndex { AccountIcon.Key.all.contains($0.key) } ?? 0
    fields.removeAll { AccountIcon.Key.all.contains($0.key) }
    if let icon {
      let written: [PreservedField] = [
        PreservedField(
          key: AccountIcon.Key.icon, raw: JSONValue.string(Base64.encode(icon.bytes)).serializedString()),
        PreservedField(key: AccountIcon.Key.mime, raw: JSONValue.string(icon.mime).serializedString()),
        PreservedField(key: AccountIcon.Key.hash, raw: JSONValue.string(icon.hash).serializedString()),
      ]
      fields.insert(contentsOf: written, at: min(at, fields.count))
    }
    preserved = fields
  }

  /// The string a preserved field's JSON text holds; nil when absent, null, another type or not JSON.
  private static func preservedString(_ key: String, in fields: [PreservedField]) -> String? {
    guard let field = fields.first(where: { $0.key == key }) else { return nil }
    return (try? JSONValue(parsing: Array(field.raw.utf8)))?.stringValue
  }
}

extension AccountIcon {
  /// The keys of the preserved fields that hold an account's icon: `icon`, `icon_mime`, `icon_hash`.
  public static var fieldKeys: Set<String> { Key.all }

  /// The keys of an Aegis entry's icon fields (vault-format.md ENTRY), kept as preserved fields.
  enum Key {
    static let icon = "icon"
    static let mime = "icon_mime"
    static let hash = "icon_hash"
    static let all: Set<String> = [icon, mime, hash]
  }
}
