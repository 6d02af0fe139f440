import Codecs
import Data
import Domain
import OTP
import TestSupport
import Testing

@Suite("Reading Aegis entries", .enabled(if: Vault.fixturesPresent, "shared fixtures absent"))
struct AegisEntryReadingTests {
  /// `aegis_plain.json` with the first entry (Deno/Mason, TOTP) changed by `change`.
  static func loadFirst(_ change: (inout JSONValue) -> Void) throws -> (Account, MemoryVaultStorage) {
    var vault = try Vault.json(Vault.fixture("aegis_plain.json"))
    var entry = try #require(vault[path: ["db", "entries", 0]])
    change(&entry)
    vault.set(["db", "entries", 0], to: entry)
    let storage = MemoryVaultStorage(Vault.bytes(vault))
    let account = try #require(try Vault.repository(storage, ids: .counting("fresh")).load().accounts.first)
    return (account, storage)
  }

  @Test(
    "Algorithm names are read as Aegis reads them",
    arguments: [
      ("SHA1", OTPAlgorithm.sha1), ("sha256", .sha256), ("HmacSHA512", .sha512), ("HMACSHA256", .sha256),
      ("MD5", .sha1),
    ])
  func algorithms(name: String, expected: OTPAlgorithm) throws {
    let (account, _) = try Self.loadFirst { $0.set(["info", "algo"], to: .string(name)) }
    #expect(account.otp.algorithm == expected)
  }

  @Test("A secret in lowercase with padding reads the same and is written back uppercase without padding")
  func secretSpelling() throws {
    let (account, storage) = try Self.loadFirst {
      $0.set(["info", "secret"], to: "4sjhb4gsd43fzbai7c2hlrjgpq======")
    }
    #expect(Base32.encode(account.otp.secret) == "4SJHB4GSD43FZBAI7C2HLRJGPQ")
    try Vault.repository(storage).update { _ in }
    #expect(
      try Vault.json(storage.bytes)[path: ["db", "entries", 0, "info", "secret"]]
        == "4SJHB4GSD43FZBAI7C2HLRJGPQ")
  }

  @Test("Missing optional entry fields take their defaults and the uuid a fresh one, written on save")
  func defaults() throws {
    let (account, storage) = try Self.loadFirst { entry in
      for key in ["uuid", "note", "favorite", "icon", "groups"] { entry.set([key], to: nil) }
    }
    #expect(account.id.rawValue == "fresh-1")
    #expect(account.note == "")
    #expect(!account.favorite)
    #expect(account.groups.isEmpty)
    try Vault.repository(storage, ids: .counting("second")).update { _ in }
    let saved = try Vault.json(storage.bytes)
    #expect(saved[path: ["db", "entries", 0, "uuid"]] == "second-1")
    #expect(saved[path: ["db", "entries", 0, "icon"]] == .null)
    #expect(saved[path: ["db", "entries", 0, "note"]] == "")
  }

  @Test("Group uuids the db does not list are dropped on load")
  func unknownGroupDropped() throws {
    var vault = try Vault.json(Vault.fixture("generated/aegis_v3_plain_generated.json"))
    vault.set(
      ["db", "entries", 0, "groups"],
      to: ["99999999-9999-4999-8999-999999999999", "11111111-1111-4111-8111-111111111111"])
    let account = try #require(
      try Vault.repository(MemoryVaultStorage(Vault.bytes(vault))).load().accounts.first)
    #expect(account.groups == [AccountGroup.ID("11111111-1111-4111-8111-111111111111")])
  }

  @Test("HOTP counters up to 2^63 - 1 load and survive a save")
  func largestCounter() throws {
    var vault = try Vault.json(Vault.fixture("aegis_plain.json"))
    vault.set(["db", "entries", 3, "info", "counter"], to: .number(JSONNumber(UInt64(Int64.max))))
    let storage = MemoryVaultStorage(Vault.bytes(vault))
    try Vault.repository(storage).update { _ in }
    let account = try Vault.repository(storage).load().accounts[3]
    #expect(account.otp.counter == UInt64(Int64.max))
  }

  @Test(
    "Impossible entry values make the vault damaged, not a crash",
    arguments: [
      (["info", "counter"], JSONValue.number(JSONNumber(UInt64(Int64.max) + 1)), 3),
      (["info", "counter"], -1, 3),
      (["info", "digits"], 11, 0),
      (["info", "period"], 0, 0),
      (["info", "secret"], "not base32!", 0),
      (["info", "secret"], "", 0),
      (["type"], "sms", 0),
      (["name"], 5, 0),
    ] as [([String], JSONValue, Int)])
  func damagedEntry(path: [String], value: JSONValue, entry: Int) throws {
    var vault = try Vault.json(Vault.fixture("aegis_plain.json"))
    vault.set(["db", "entries", entry] + path, to: value)
    let error = domainError { () throws(DomainError) in
      _ = try Vault.repository(MemoryVaultStorage(Vault.bytes(vault))).load()
    }
    #expect(error?.kind == "vaultCorrupted")
  }

  @Test("Unknown header fields survive a save")
  func headerFields() throws {
    for file in ["aegis_plain.json", "aegis_encrypted.json"] {
      var vault = try Vault.json(Vault.fixture(file))
      vault.set(["header", "future_header"], to: ["kept": true])
      let storage = MemoryVaultStorage(Vault.bytes(vault))
      try Vault.repository(storage).update { _ in }
      #expect(try Vault.json(storage.bytes)[path: ["header", "future_header"]] == ["kept": true], "\(file)")
    }
  }
}
