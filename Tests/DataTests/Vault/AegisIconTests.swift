import Codecs
import Data
import Domain
import TestSupport
import Testing

@Suite("Aegis vault icons", .enabled(if: Vault.fixturesPresent, "shared fixtures absent"))
struct AegisIconTests {
  static let file = "generated/aegis_v3_plain_generated.json"
  static let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>"#.utf8)

  @Test("An icon Aegis wrote is read from the entry with the hash Aegis wrote beside it")
  func readsAegisIcon() throws {
    let (_, repository) = try Vault.memory(Self.file)
    let entry = try #require(Vault.json(Vault.fixture(Self.file))[path: ["db", "entries", 0]]?.objectValue)
    let icon = try #require(try repository.load().accounts[0].icon)
    #expect(icon.format == .png)
    #expect(icon.aegisHash == entry["icon_hash"]?.stringValue)
    #expect(Base64.encode(icon.bytes) == entry["icon"]?.stringValue)
  }

  @Test("An icon set on an account is saved as Aegis writes it and loaded back")
  func savesIcon() throws {
    let (storage, repository) = try Vault.memory(Self.file)
    let icon = try AccountIcon(format: .svg, bytes: Self.svg)
    try repository.update { $0.accounts[1].setIcon(icon) }
    let entry = try #require(Vault.json(storage.bytes)[path: ["db", "entries", 1]]?.objectValue)
    #expect(entry["icon"] == .string(Base64.encode(Self.svg)))
    #expect(entry["icon_mime"] == .string("image/svg+xml"))
    #expect(entry["icon_hash"] == .string(icon.aegisHash))
    let reloaded = try Vault.repository(MemoryVaultStorage(storage.bytes)).load()
    #expect(reloaded.accounts[1].icon == icon)
  }

  @Test("A removed icon is saved as null, without icon_mime and icon_hash")
  func removesIcon() throws {
    let (storage, repository) = try Vault.memory(Self.file)
    try repository.update { $0.accounts[0].setIcon(nil) }
    let entry = try #require(Vault.json(storage.bytes)[path: ["db", "entries", 0]]?.objectValue)
    #expect(entry["icon"] == .null)
    #expect(entry["icon_mime"] == nil)
    #expect(entry["icon_hash"] == nil)
    #expect(try Vault.repository(MemoryVaultStorage(storage.bytes)).load().accounts[0].icon == nil)
  }
}
