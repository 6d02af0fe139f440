import Codecs
import Data
import Domain
import TestSupport
import Testing

/// An entry's icon fields (vault-format.md ENTRY: `icon`, `icon_mime`, `icon_hash`) read into the
/// account's `AccountIcon` and written back as Aegis writes them; fields that give no image stay
/// as they were, so a save loses nothing.
@Suite("Aegis entries' icon fields")
struct AegisEntryIconTests {
  static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x49, 0x48, 0x44, 0x52]
  static let svg = #"<svg xmlns="http://www.w3.org/2000/svg"/>"#

  /// A plain vault whose one entry has `fields` (JSON members, each with its trailing comma)
  /// between `favorite` and `info`.
  static func vault(_ fields: String) -> [UInt8] {
    Array(
      #"""
      {"version":1,"header":{"slots":null,"params":null},"db":{"version":3,"entries":[
      {"type":"totp","uuid":"7d4f4b5e-8b8a-4d7e-9f0a-000000000001","name":"a","issuer":"Example",
      "note":"","favorite":false,\#(fields)
      "info":{"secret":"GEZDGNBVGY3TQOJQ","algo":"SHA1","digits":6,"period":30},"groups":[]}],
      "groups":[]}}
      """#.utf8)
  }

  static func load(_ fields: String) throws -> Account {
    try #require(try Vault.repository(MemoryVaultStorage(vault(fields))).load().accounts.first)
  }

  @Test(
    "An entry's icon is read from its base64 (Android's \\/ escapes too) with its MIME type or, without one, its magic number",
    arguments: [
      (#""icon":"iVBORw0KGgpJSERS","icon_mime":"image/png","#, AccountIcon.Format.png, png),
      (#""icon":"iVBORw0KGgr\/\/\/8=","icon_mime":"image\/png","#, .png, png.prefix(8) + [0xFF, 0xFF, 0xFF]),
      (#""icon":"iVBORw0KGgpJSERS","#, .png, png),
    ])
  func reads(fields: String, format: AccountIcon.Format, bytes: [UInt8]) throws {
    let account = try Self.load(fields)
    #expect(account.icon?.format == format)
    #expect(account.icon?.bytes == bytes)
    #expect(account.preserved.isEmpty)
  }

  @Test(
    "Icon fields that give no image are no icon and stay as they were; a null icon is not kept",
    arguments: [
      (#""icon":null,"#, [String]()),
      (#""icon":null,"icon_mime":"image/png","#, ["icon_mime"]),
      (#""icon":"not base64!","#, ["icon"]),
      (#""icon":42,"#, ["icon"]),
      (#""icon":"iVBORw0KGgpJSERS","icon_mime":"image/gif","#, ["icon", "icon_mime"]),
      (#""icon":"iVBORw0KGgpJSERS","icon_mime":"image/jpeg","#, ["icon", "icon_mime"]),
      (#""icon":"aGVsbG8=","#, ["icon"]),
    ])
  func noImage(fields: String, kept: [String]) throws {
    let account = try Self.load(fields)
    #expect(account.icon == nil)
    #expect(account.preserved.map(\.key) == kept)
  }

  @Test("A field that gives no image is saved back as it was (nothing lost), and setting an icon replaces it")
  func unreadableKept() throws {
    let storage = MemoryVaultStorage(Self.vault(#""icon":"not base64!","icon_mime":"image/png","future":1,"#))
    let repository = Vault.repository(storage)
    try repository.update { $0.accounts[0].note = "changed" }
    var entry = try #require(Vault.json(storage.bytes)[path: ["db", "entries", 0]]?.objectValue)
    #expect(entry["icon"] == .string("not base64!"))
    #expect(entry["icon_mime"] == .string("image/png"))
    let icon = try AccountIcon(format: .svg, bytes: Array(Self.svg.utf8))
    try repository.update { $0.accounts[0].setIcon(icon) }
    entry = try #require(Vault.json(storage.bytes)[path: ["db", "entries", 0]]?.objectValue)
    #expect(entry["icon"] == .string(Base64.encode(Array(Self.svg.utf8))))
    #expect(entry["icon_mime"] == .string("image/svg+xml"))
    #expect(entry["future"] == .number(JSONNumber(1)))
    #expect(try Vault.repository(MemoryVaultStorage(storage.bytes)).load().accounts[0].icon == icon)
  }

  @Test("A saved icon's fields come after favorite, as Aegis writes them, before fields of newer apps")
  func order() throws {
    let storage = MemoryVaultStorage(Self.vault(#""future":1,"#))
    let repository = Vault.repository(storage)
    try repository.update { $0.accounts[0].setIcon(try! AccountIcon(format: .png, bytes: Self.png)) }
    let entry = try #require(Vault.json(storage.bytes)[path: ["db", "entries", 0]]?.objectValue)
    let keys = entry.members.map(\.key)
    #expect(
      Array(keys.prefix(9)) == [
        "type", "uuid", "name", "issuer", "note", "favorite", "icon", "icon_mime", "icon_hash",
      ])
    #expect(keys.contains("future"))
  }

  // Expected values from `printf 'image/png\x89PNG\r\n\x1a\nIHDR' | sha256sum` and
  // `printf 'image/svg+xml<svg xmlns="http://www.w3.org/2000/svg"/>' | sha256sum`.
  @Test(
    "The hash is Aegis's icon_hash: SHA-256 of the MIME type followed by the bytes, in lowercase hex",
    arguments: [
      (AccountIcon.Format.png, png, "60ef2c0b09d4f5a2332acb86bd15bb2e7602657ce2d564f2f922053469ad1953"),
      (.svg, Array(svg.utf8), "b42abdddb00acd4b83211a74657c7303d76a49b9688cf6265afbfa5e210f945d"),
    ])
  func hash(format: AccountIcon.Format, bytes: [UInt8], hash: String) throws {
    #expect(try AccountIcon(format: format, bytes: bytes).aegisHash == hash)
  }
}
