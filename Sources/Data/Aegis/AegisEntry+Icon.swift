import Codecs
import Crypto
import Domain
import OTP

/// An entry's icon (vault-format.md ENTRY: `icon` in base64, `icon_mime`, `icon_hash`) and an
/// account's `AccountIcon`, both ways.
extension AegisEntry {
  /// The icon the preserved entry fields give, and the fields without it. Fields that give no
  /// image (not base64, an unknown type, not an image of it, too large, an SVG that refers outside
  /// itself) stay preserved as they were, so a save loses nothing. Without an `icon_mime` (older
  /// Aegis vaults) the format is read from the bytes.
  static func icon(in fields: [PreservedField]) -> (icon: AccountIcon?, rest: [PreservedField]) {
    guard let encoded = string(AccountIcon.Key.icon, in: fields), let bytes = try? Base64.decode(encoded)
    else { return (nil, fields) }
    let icon: AccountIcon?
    if let mime = string(AccountIcon.Key.mime, in: fields) {
      icon = AccountIcon.Format(mime: mime).flatMap { try? AccountIcon(format: $0, bytes: bytes) }
    } else {
      icon = try? AccountIcon(bytes: bytes, fileName: nil)
    }
    guard let icon else { return (nil, fields) }
    return (icon, fields.filter { !AccountIcon.fieldKeys.contains($0.key) })
  }

  /// The entry fields of `icon`, as Aegis writes them after `favorite`.
  static func fields(of icon: AccountIcon) -> [(String, JSONValue)] {
    [
      (AccountIcon.Key.icon, .string(Base64.encode(icon.bytes))),
      (AccountIcon.Key.mime, .string(icon.mime)),
      (AccountIcon.Key.hash, .string(icon.aegisHash)),
    ]
  }

  /// The string a preserved field's JSON text holds; nil when absent, null, another type or not JSON.
  private static func string(_ key: String, in fields: [PreservedField]) -> String? {
    guard let field = fields.first(where: { $0.key == key }) else { return nil }
    return (try? JSONValue(parsing: Array(field.raw.utf8)))?.stringValue
  }
}

extension AccountIcon {
  /// Aegis's `icon_hash`: the lowercase hex SHA-256 of the UTF-8 MIME type followed by the
  /// bytes (also the name of the icon's file in the menu's cache).
  public var aegisHash: String { Hex.encode(Digest.sha256(Array(mime.utf8) + bytes)) }

  /// The keys of an entry's icon fields.
  enum Key {
    static let icon = "icon"
    static let mime = "icon_mime"
    static let hash = "icon_hash"
  }
}
