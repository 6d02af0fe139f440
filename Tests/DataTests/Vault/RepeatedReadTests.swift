import Data
import Domain
import Testing

/// A repository that keeps the contents it last decoded reuses them only while the file's bytes
/// are the same: a change by another process (another repository on the same storage) is always
/// seen.
@Suite("Reading a vault again", .enabled(if: Vault.fixturesPresent))
struct RepeatedReadTests {
  @Test(
    "A change written by another repository is seen by the next load and update",
    arguments: ["aegis_plain.json", "aegis_encrypted.json"])
  func changeByAnotherIsSeen(fixture: String) throws {
    let storage = MemoryVaultStorage(try Vault.fixture(fixture))
    let reader = Vault.repository(storage, ids: .counting("reader"), reusesDecoded: true)
    let writer = Vault.repository(storage, ids: .counting("writer"), reusesDecoded: true)
    let before = try reader.load()
    #expect(try reader.load() == before)

    try writer.update { contents in
      contents.accounts[0].note = "changed elsewhere"
    }
    let seen = try reader.load()
    #expect(seen.accounts[0].note == "changed elsewhere")
    #expect(seen.accounts.count == before.accounts.count)

    try reader.update { contents in
      contents.accounts[1].note = "changed here"
    }
    let after = try writer.load()
    #expect(after.accounts[0].note == "changed elsewhere")
    #expect(after.accounts[1].note == "changed here")
  }

  @Test("A file whose bytes went back to those read before gives those contents again")
  func sameBytesAgain() throws {
    let original = try Vault.fixture("aegis_encrypted.json")
    let storage = MemoryVaultStorage(original)
    let repository = Vault.repository(storage, reusesDecoded: true)
    let first = try repository.load()
    try repository.update { contents in contents.accounts.removeAll() }
    #expect(try repository.load().accounts.isEmpty)
    try storage.replace(with: original)
    #expect(try repository.load() == first)
  }
}
