import Testing
import YKOATH

/// The session against the in-memory applet: what is written is listed and computed as
/// RFC 6238 and RFC 4226 say, long answers are collected, the applet's refusals are typed.
struct OATHSessionTests {
  private let rfcSecret = Array("12345678901234567890".utf8)

  private func totp(_ issuer: String?, _ name: String, period: Int = 30, touch: Bool = false)
    -> CredentialData
  {
    CredentialData(
      name: CredentialName(type: .totp, period: period, issuer: issuer, name: name), digits: 8,
      secret: rfcSecret, touch: touch)
  }

  @Test("What is put is listed with its name, period and algorithm")
  func putAndList() throws {
    let session = try OATHSession(connection: FakeOATHCard())
    #expect(session.selected.versionText == "5.4.3")
    try session.put(totp("Example", "alice", period: 60))
    try session.put(
      CredentialData(
        name: CredentialName(type: .hotp, issuer: nil, name: "bob"), algorithm: .sha256, secret: [1]))
    let listed = try session.list()
    #expect(listed.map(\.name.text) == ["60/Example:alice", "bob"])
    #expect(listed.map(\.name.type) == [.totp, .hotp])
    #expect(listed.map(\.algorithm) == [.sha1, .sha256])
  }

  @Test("CALCULATE ALL gives RFC 6238's code at T = 59 and marks HOTP and touch credentials")
  func calculateAll() throws {
    let session = try OATHSession(connection: FakeOATHCard())
    try session.put(totp("Example", "alice"))
    try session.put(totp(nil, "touched", touch: true))
    try session.put(
      CredentialData(name: CredentialName(type: .hotp, issuer: nil, name: "h"), secret: rfcSecret))
    let all = try session.calculateAll(unixTime: 59)
    #expect(all.map(\.result) == [.truncated([8] + hex("c1397eea")), .touch(digits: 8), .hotp(digits: 6)])
    guard case .truncated(let value) = all[0].result else { return }
    #expect(try OATHAnswer.code(truncated: value) == "94287082")
  }

  @Test("CALCULATE uses the credential's own period and advances an HOTP counter by one each time")
  func calculate() throws {
    let session = try OATHSession(connection: FakeOATHCard())
    try session.put(totp(nil, "slow", period: 60))
    let slow = try #require(session.list().first)
    // T = 59 in 60 s steps is step 0, whose RFC 4226 code (count 0, 8 digits) is 84755224.
    #expect(try session.code(stored: slow.stored, name: slow.name, unixTime: 59) == "84755224")
    try session.put(
      CredentialData(name: CredentialName(type: .hotp, issuer: nil, name: "h"), secret: rfcSecret))
    let hotp = try #require(session.list().last)
    let codes = try (0..<3).map { _ in try session.code(stored: hotp.stored, name: hotp.name, unixTime: 0) }
    #expect(codes == ["755224", "287082", "359152"])
  }

  @Test("Answers longer than one response are fetched with SEND REMAINING")
  func sendRemaining() throws {
    let card = FakeOATHCard(chunkSize: 16)
    let session = try OATHSession(connection: card)
    for index in 0..<5 { try session.put(totp("Issuer", "account \(index)")) }
    #expect(try session.list().count == 5)
    let afterList = card.instructions.drop { $0 != 0xA1 }.dropFirst()
    #expect(!afterList.isEmpty)
    #expect(afterList.allSatisfy { $0 == 0xA5 })
  }

  @Test("A full key refuses the 33rd credential with 6A84")
  func full() throws {
    let session = try OATHSession(connection: FakeOATHCard())
    for index in 0..<32 { try session.put(totp(nil, "a\(index)")) }
    #expect(throws: OATHError.full) { try session.put(totp(nil, "one more")) }
  }

  @Test("A locked applet refuses LIST until VALIDATE with the right access key")
  func validate() throws {
    let card = FakeOATHCard(password: "hunter2")
    var session = try OATHSession(connection: card)
    #expect(session.selected.isLocked)
    #expect(throws: OATHError.locked) { try session.list() }
    let wrong = try AccessKey(password: "hunter3", salt: session.selected.salt)
    #expect(throws: OATHError.wrongPassword) {
      try session.validate(wrong, ourChallenge: hex("0102030405060708"))
    }
    let right = try AccessKey(password: "hunter2", salt: session.selected.salt)
    try session.validate(right, ourChallenge: hex("0102030405060708"))
    #expect(!session.selected.isLocked)
    #expect(try session.list() == [])
  }

  @Test("A card that answers our challenge wrongly is refused")
  func cardNotAuthenticated() throws {
    let card = FakeOATHCard(password: "hunter2")
    card.setAnswersValidateWrongly(true)
    var session = try OATHSession(connection: card)
    let key = try AccessKey(password: "hunter2", salt: session.selected.salt)
    #expect(throws: OATHError.cardNotAuthenticated) {
      try session.validate(key, ourChallenge: hex("0102030405060708"))
    }
  }

  @Test("A password set with SET CODE locks the next session; clearing it unlocks")
  func setAndClearCode() throws {
    let card = FakeOATHCard()
    let first = try OATHSession(connection: card)
    try first.setCode(
      try AccessKey(password: "pw", salt: first.selected.salt), challenge: hex("0102030405060708"))
    var second = try OATHSession(connection: card)
    #expect(second.selected.isLocked)
    #expect(second.selected.salt == first.selected.salt)
    try second.validate(
      try AccessKey(password: "pw", salt: second.selected.salt), ourChallenge: hex("0807060504030201"))
    try second.clearCode()
    #expect(!(try OATHSession(connection: card)).selected.isLocked)
  }

  @Test("RENAME keeps the period; firmware before 5.3.1 is refused without sending it")
  func rename() throws {
    let session = try OATHSession(connection: FakeOATHCard())
    try session.put(totp("Old", "alice", period: 60))
    let listed = try #require(session.list().first)
    try session.rename(stored: listed.stored, from: listed.name, issuer: "New", name: "alicia")
    #expect(try session.list().map(\.name.text) == ["60/New:alicia"])
    let old = FakeOATHCard(version: [5, 2, 7])
    let oldSession = try OATHSession(connection: old)
    #expect(throws: OATHError.unsupportedByFirmware("5.3.1")) {
      try oldSession.rename(stored: Array("x".utf8), from: listed.name, issuer: nil, name: "y")
    }
    #expect(!old.instructions.contains(0x05))
  }

  @Test("DELETE of a name the key does not have is noSuchCredential")
  func delete() throws {
    let session = try OATHSession(connection: FakeOATHCard())
    try session.put(totp(nil, "a"))
    try session.delete(stored: Array("a".utf8))
    #expect(throws: OATHError.noSuchCredential) { try session.delete(stored: Array("a".utf8)) }
  }

  @Test("A name too long for the key is refused before anything is sent")
  func longName() throws {
    let card = FakeOATHCard()
    let session = try OATHSession(connection: card)
    #expect(throws: OATHError.credential(.name(.tooLong(65)))) {
      try session.put(totp(nil, String(repeating: "n", count: 65)))
    }
    #expect(card.instructions == [0xA4])
  }
}
