import Codecs
import Data
import Domain
import Foundation
import OTP
import TestSupport
import Testing

/// One row of EXPECTED.md's vector table.
struct ExpectedEntry: Sendable, Equatable, CustomStringConvertible {
  let type: OTPType
  let issuer: String
  let name: String
  let secret: String
  let algorithm: OTPAlgorithm
  let digits: Int
  let period: Int?
  let counter: UInt64?

  init(_ account: Account) {
    type = account.otp.type
    issuer = account.issuer
    name = account.name
    secret = Base32.encode(account.otp.secret)
    algorithm = account.otp.algorithm
    digits = account.otp.digits
    period = account.otp.type == .hotp ? nil : account.otp.period
    counter = account.otp.type == .hotp ? account.otp.counter : nil
  }

  init(
    _ type: OTPType, _ issuer: String, _ name: String, _ secret: String, _ algorithm: OTPAlgorithm,
    _ digits: Int, period: Int? = nil, counter: UInt64? = nil
  ) {
    self.type = type
    self.issuer = issuer
    self.name = name
    self.secret = secret
    self.algorithm = algorithm
    self.digits = digits
    self.period = period
    self.counter = counter
  }

  var description: String { "\(type.rawValue) \(issuer):\(name)" }

  /// Vectors 1–7 of EXPECTED.md, in their order.
  static let vectors: [ExpectedEntry] = [
    ExpectedEntry(.totp, "Deno", "Mason", "4SJHB4GSD43FZBAI7C2HLRJGPQ", .sha1, 6, period: 30),
    ExpectedEntry(.totp, "SPDX", "James", "5OM4WOOGPLQEF6UGN3CPEOOLWU", .sha256, 7, period: 20),
    ExpectedEntry(.totp, "Airbnb", "Elijah", "7ELGJSGXNCCTV3O6LKJWYFV2RA", .sha512, 8, period: 50),
    ExpectedEntry(.hotp, "Issuu", "James", "YOOMIXWS5GN6RTBPUFFWKTW5M4", .sha1, 6, counter: 1),
    ExpectedEntry(.hotp, "Air Canada", "Benjamin", "KUVJJOM753IHTNDSZVCNKL7GII", .sha256, 7, counter: 50),
    ExpectedEntry(.hotp, "WWE", "Mason", "5VAML3X35THCEBVRLV24CGBKOY", .sha512, 8, counter: 10300),
    ExpectedEntry(.steam, "Boeing", "Sophia", "JRZCL47CMXVOQMNPZR2F7J4RGI", .sha1, 5, period: 30),
  ]
}

@Suite("Aegis vault fixtures", .enabled(if: Vault.fixturesPresent, "shared fixtures absent"))
struct AegisFixtureTests {
  @Test(
    "The Aegis test vaults load exactly the seven shared vectors",
    arguments: ["aegis_plain.json", "aegis_encrypted.json"])
  func vectors(file: String) throws {
    let (_, repository) = try Vault.memory(file)
    let contents = try repository.load()
    #expect(contents.accounts.map(ExpectedEntry.init) == ExpectedEntry.vectors)
    #expect(contents.groups.isEmpty)
    #expect(contents.accounts.allSatisfy { $0.note.isEmpty && !$0.favorite && $0.groups.isEmpty })
  }

  @Test("Entries keep the UUIDs of the file as their ids")
  func ids() throws {
    let (_, repository) = try Vault.memory("aegis_plain.json")
    let ids = try repository.load().accounts.map(\.id.rawValue)
    #expect(ids.first == "3ae6f1ad-2e65-4ed2-a953-1ec0dff2386d")
    #expect(Set(ids).count == 7)
  }

  @Test("The encrypted Aegis vault holds the same accounts as the plain one")
  func encryptedEqualsPlain() throws {
    let plain = try Vault.memory("aegis_plain.json").1.load()
    let encrypted = try Vault.memory("aegis_encrypted.json").1.load()
    #expect(encrypted == plain)
  }

  @Test(
    "The generated version-3 vaults load groups, notes, favorites and PIN accounts",
    arguments: ["generated/aegis_v3_plain_generated.json", "generated/aegis_v3_encrypted_generated.json"])
  func version3(file: String) throws {
    let contents = try Vault.memory(file).1.load()
    let personal = AccountGroup.ID("11111111-1111-4111-8111-111111111111")
    let work = AccountGroup.ID("22222222-2222-4222-8222-222222222222")
    #expect(
      contents.groups == [AccountGroup(id: personal, name: "Personal"), AccountGroup(id: work, name: "Work")])
    #expect(contents.accounts.count == 10)
    let byLabel = Dictionary(uniqueKeysWithValues: contents.accounts.map { ($0.label, $0) })
    let deno = try #require(byLabel["Deno:Mason"])
    #expect(deno.note == "Main account")
    #expect(deno.favorite)
    #expect(deno.groups == [personal])
    #expect(byLabel["SPDX:James"]?.groups == [personal, work])
    #expect(byLabel["Issuu:James"]?.groups == [work])
    #expect(contents.accounts.filter(\.favorite).map(\.label) == ["Deno:Mason"])

    let motp = try #require(byLabel["MOTP:motp-user"]?.otp)
    #expect(motp.type == .motp)
    #expect(motp.secret == (try Hex.decode("e3152afee62599c8")))
    #expect(motp.pin == "1234")
    #expect((motp.algorithm, motp.digits, motp.period) == (.md5, 6, 10))
    #expect(try CodeGenerator(motp).code(at: 165_892_298) == "e7d8b6")

    let yandex = try #require(byLabel["Yandex:yandex-user"]?.otp)
    #expect(yandex.type == .yandex)
    #expect(Base32.encode(yandex.secret) == "LA2V6KMCGYMWWVEW64RNP3JA3I")
    #expect(yandex.pin == "7586")
    #expect((yandex.algorithm, yandex.digits, yandex.period) == (.sha256, 8, 30))
    #expect(try CodeGenerator(yandex).code(at: 1_581_064_020) == "oactmacq")
  }

  @Test(
    "The icon of an entry is read as its image and written back as Aegis wrote it, with its MIME type and hash",
    arguments: ["generated/aegis_v3_plain_generated.json", "generated/aegis_v3_encrypted_generated.json"])
  func icon(file: String) throws {
    let (storage, repository) = try Vault.memory(file)
    let deno = try #require(try repository.load().accounts.first { $0.label == "Deno:Mason" })
    let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"
    #expect(deno.icon?.format == .png)
    #expect(deno.icon.map { Base64.encode($0.bytes) } == png)
    #expect(deno.icon?.aegisHash == "170d8f44ef02eeacb0864c5774b1b80ef426acce027bf19f01002c46c3e2debe")
    #expect(!deno.preserved.contains { AccountIcon.fieldKeys.contains($0.key) })
    // Saved after another change, the entry's icon fields are those Aegis wrote, byte for byte.
    try repository.update { $0.accounts[0].note += "." }
    var original = try Vault.json(Vault.fixture(file))
    var saved = try Vault.json(storage.bytes)
    if original[path: ["header", "slots"]] != .null {
      let key = try #require(repository.heldKey()).key.withUnsafeBytes { Array($0) }
      original = try Vault.unseal(original, masterKey: key)
      saved = try Vault.unseal(saved, masterKey: key)
    } else {
      original = try #require(original[path: ["db"]])
      saved = try #require(saved[path: ["db"]])
    }
    let entry = { (db: JSONValue) in
      db[path: ["entries"]]?.arrayValue?.first { $0[path: ["issuer"]]?.stringValue == "Deno" }?.objectValue
    }
    for key in ["icon", "icon_mime", "icon_hash"] {
      #expect(entry(saved)?[key] != nil && entry(saved)?[key] == entry(original)?[key], "\(key)")
    }
  }

  @Test("The db-version-2 vault turns legacy group names into exactly two groups")
  func legacyGroups() throws {
    let contents = try Vault.memory("vault/aegis_plain_grouped_v2.json").1.load()
    try Self.expectLegacyGroups(contents)
  }

  @Test("The db-version-2 vault survives a save and load with its groups, written as version 3")
  func legacyGroupsRoundTrip() throws {
    let (storage, repository) = try Vault.memory("vault/aegis_plain_grouped_v2.json")
    try repository.update { _ in }
    let saved = try Vault.json(storage.bytes)
    #expect(saved[path: ["db", "version"]] == 3)
    let entries = try #require(saved[path: ["db", "entries"]]?.arrayValue)
    #expect(entries.allSatisfy { $0["group"] == nil })
    let reloaded = try Vault.repository(MemoryVaultStorage(storage.bytes)).load()
    try Self.expectLegacyGroups(reloaded)
    #expect(reloaded.accounts.map(ExpectedEntry.init) == ExpectedEntry.vectors)
  }

  static func expectLegacyGroups(_ contents: VaultContents) throws {
    #expect(contents.groups.map(\.name) == ["group1", "group2"])
    #expect(Set(contents.groups.map(\.id)).count == 2)
    let members = { (name: String) -> [String] in
      let id = contents.groups.first { $0.name == name }?.id
      return contents.accounts.filter { $0.groups.contains { $0 == id } }.map(\.label)
    }
    #expect(members("group1") == ["Deno:Mason", "Airbnb:Elijah"])
    #expect(members("group2") == ["Issuu:James"])
    #expect(contents.accounts.filter(\.groups.isEmpty).count == 4)
    #expect(contents.accounts.allSatisfy { $0.groups.count <= 1 })
  }
}

@Suite("Codes of the fixture accounts", .enabled(if: Vault.fixturesPresent, "shared fixtures absent"))
struct FixtureCodeTests {
  @Test(
    "Every account of aegis_encrypted.json shows the published code at 1700000000, HOTP at its stored counter"
  )
  func codesAtFixedTime() throws {
    let file = try JSONSerialization.jsonObject(
      with: SharedFixtures.data("generated/otp_codes_t1700000000.json"))
    let published = try #require((file as? [String: Any])?["vectors"] as? [[String: Any]])
    var expected: [String: String] = [:]
    for vector in published {
      guard let issuer = vector["issuer"] as? String, let name = vector["name"] as? String else { continue }
      expected[issuer + ":" + name] = vector["otp"] as? String
    }
    let accounts = try Vault.memory("aegis_encrypted.json").1.load().accounts
    let codes = CodesAt()(accounts, at: 1_700_000_000)
    #expect(codes.count == 7)
    for shown in codes {
      #expect(shown.code != nil)
      #expect(shown.code == expected[shown.account.label], "\(shown.account.label)")
    }
  }
}
