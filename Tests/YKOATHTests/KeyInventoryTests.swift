import Testing
import YKOATH

/// Finding keys among readers and reading what `key list` shows of them.
struct KeyInventoryTests {
  private func card(serial: UInt32?, password: String? = nil) throws -> FakeOATHCard {
    let card = FakeOATHCard(serial: serial)
    let session = try OATHSession(connection: card)
    try session.put(
      CredentialData(
        name: CredentialName(type: .totp, period: 60, issuer: "Example", name: "alice"), algorithm: .sha256,
        digits: 8, secret: [1, 2, 3]))
    try session.put(
      CredentialData(name: CredentialName(type: .hotp, issuer: nil, name: "bob"), secret: [4], touch: true))
    if let password {
      try session.setCode(AccessKey(password: password, salt: session.selected.salt), challenge: [1])
    }
    return card
  }

  @Test("Only readers whose card answers the OATH SELECT are keys, named by serial, with their accounts")
  func lists() throws {
    let key = try card(serial: 12_345_678)
    let service = FakeSmartCardService(slots: [
      ("Empty Reader 00", nil), ("Yubico YubiKey OTP+FIDO+CCID 01", key),
      ("Other Card 02", FakeOATHCard.notOATH()),
    ])
    let inventory = KeyInventory(service: service)
    let keys = try inventory.keys(readers: inventory.readers(matching: nil), unixTime: 59)
    #expect(keys.map(\.serial) == ["12345678"])
    #expect(keys.first?.reader == "Yubico YubiKey OTP+FIDO+CCID 01")
    #expect(keys.first?.version == "5.4.3")
    let accounts = try #require(keys.first?.accounts)
    #expect(
      accounts.map { $0.id(serial: "12345678") } == [
        "yubikey:12345678:60/Example:alice", "yubikey:12345678:bob",
      ])
    #expect(accounts.map(\.digits) == [8, 6])
    #expect(accounts.map(\.touch) == [false, true])
    #expect(accounts.map(\.algorithm) == [.sha256, .sha1])
    #expect(key.disconnected)
  }

  @Test("--reader keeps the readers whose name contains it, case-insensitively")
  func readerFilter() throws {
    let service = FakeSmartCardService(slots: [("Yubico YubiKey 00", nil), ("Virtual PCD 01", nil)])
    #expect(try KeyInventory(service: service).readers(matching: "virtual") == ["Virtual PCD 01"])
  }

  @Test("A locked key shows no accounts unless an access key unlocks it")
  func locked() throws {
    let key = try card(serial: 7, password: "pw")
    let inventory = KeyInventory(service: FakeSmartCardService(slots: [("Reader", key)]))
    let lockedKeys = try inventory.keys(readers: ["Reader"], unixTime: 0)
    #expect(lockedKeys.map(\.locked) == [true])
    #expect(lockedKeys.map(\.password) == [true])
    #expect(lockedKeys.first?.accounts == [])
    let unlocked = try inventory.keys(
      readers: ["Reader"], unixTime: 0,
      accessKey: { answer, _ in try? AccessKey(password: "pw", salt: answer.salt) },
      challenge: { [1, 2, 3, 4, 5, 6, 7, 8] })
    #expect(unlocked.map(\.locked) == [false])
    #expect(unlocked.first?.accounts.count == 2)
  }

  @Test("A card without the management applet is named by its OATH device id")
  func noSerial() throws {
    let key = try card(serial: nil)
    let keys = try KeyInventory(service: FakeSmartCardService(slots: [("Reader", key)])).keys(
      readers: ["Reader"], unixTime: 0)
    #expect(keys.map(\.serial) == [try OATHSession(connection: key).selected.deviceID])
  }

  @Test("No pcscd is serviceUnavailable with its hint")
  func noService() {
    let service = FakeSmartCardService(slots: [], unavailable: .serviceUnavailable("install pcscd"))
    #expect(throws: KeyInventory.Failure.serviceUnavailable("install pcscd")) {
      try KeyInventory(service: service).readers(matching: nil)
    }
  }

  @Test(
    "A wrong access key is wrongPassword naming the key; a card answering our challenge wrongly is refused")
  func wrongPassword() throws {
    let key = try card(serial: 7, password: "pw")
    let inventory = KeyInventory(service: FakeSmartCardService(slots: [("Reader", key)]))
    #expect(throws: KeyInventory.Failure.wrongPassword("7")) {
      try inventory.keys(
        readers: ["Reader"], unixTime: 0,
        accessKey: { answer, _ in try? AccessKey(password: "no", salt: answer.salt) },
        challenge: { [1, 2, 3, 4, 5, 6, 7, 8] })
    }
    key.setAnswersValidateWrongly(true)
    #expect(throws: KeyInventory.Failure.cardNotAuthenticated("7")) {
      try inventory.keys(
        readers: ["Reader"], unixTime: 0,
        accessKey: { answer, _ in try? AccessKey(password: "pw", salt: answer.salt) },
        challenge: { [1, 2, 3, 4, 5, 6, 7, 8] })
    }
  }
}
