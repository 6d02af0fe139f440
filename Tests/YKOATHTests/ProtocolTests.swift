import Testing
import YKOATH

/// APDUs, TLVs and answers as Yubico's YKOATH specification lays them out.
struct ProtocolTests {
  @Test(
    "Commands are built as the specification's tables say",
    arguments: [
      (OATHCommand.select, "00a4040007a0000005272101"),
      (OATHCommand.list, "00a1000000"),
      (OATHCommand.sendRemaining, "00a5000000"),
      (
        OATHCommand.calculate(name: Array("a".utf8), challenge: hex("0000000000000001")),
        "00a200010d710161740800000000000000" + "01"
      ),
      (OATHCommand.calculate(name: Array("a".utf8), challenge: [], truncated: false), "00a20000057101617400"),
      (OATHCommand.calculateAll(challenge: hex("0000000003243af8")), "00a400010a74080000000003243af8"),
      (OATHCommand.delete(name: Array("a".utf8)), "0002000003710161"),
      (
        OATHCommand.rename(from: Array("a".utf8), to: Array("Ex:b".utf8)), "00050000097101617104" + "45783a62"
      ),
    ])
  func commands(apdu: APDU, bytes: String) {
    #expect(apdu.bytes.hexText == bytes)
  }

  @Test(
    "A TOTP challenge is the big-endian time step",
    arguments: [
      (Int64(59), 30, "0000000000000001"), (1_111_111_109, 30, "00000000023523ec"),
      (20_000_000_000, 30, "0000000027bc86aa"),
      (59, 60, "0000000000000000"),
    ])
  func timeChallenge(time: Int64, period: Int, challenge: String) {
    #expect(OATHCommand.timeChallenge(unixTime: time, period: period).hexText == challenge)
  }

  @Test(
    "TLV lengths take one, two or three bytes and parse back", arguments: [0, 1, 127, 128, 255, 256, 300])
  func tlvLengths(count: Int) throws {
    let tlv = TLV(0x71, [UInt8](repeating: 7, count: count))
    let header = count < 0x80 ? 2 : count <= 0xFF ? 3 : 4
    #expect(tlv.bytes.count == header + count)
    #expect(try TLV.parse(tlv.bytes + TLV(0x74, [1]).bytes) == [tlv, TLV(0x74, [1])])
  }

  @Test(
    "Truncated or over-long TLVs are refused", arguments: ["71", "7102aa", "718101", "7183000001aa", "7180"])
  func badTLV(bytes: String) {
    #expect(throws: TLV.Error.self) { try TLV.parse(hex(bytes)) }
  }

  @Test("SELECT's answer gives version, salt, challenge and algorithm")
  func select() throws {
    let open = try SelectAnswer(hex("7903050403 71080102030405060708"))
    #expect(open.versionText == "5.4.3")
    #expect(open.salt == hex("0102030405060708"))
    #expect(!open.isLocked)
    let locked = try SelectAnswer(hex("7903050403 71080102030405060708 74081122334455667788 7b0101"))
    #expect(locked.challenge == hex("1122334455667788"))
    #expect(locked.algorithm == .sha1)
    #expect(locked.isAtLeast([5, 3, 1]))
    #expect(!(try SelectAnswer(hex("7903050300 710100"))).isAtLeast([5, 3, 1]))
    #expect(throws: SelectAnswer.Error.missing(0x71)) { try SelectAnswer(hex("7903050403")) }
  }

  @Test("LIST's answer names each credential with its kind")
  func list() throws {
    let data =
      TLV(0x72, [0x21] + Array("60/Ex:alice".utf8)).bytes + TLV(0x72, [0x13] + Array("bob".utf8)).bytes
    let listed = try OATHAnswer.list(data)
    #expect(
      listed.map(\.name) == [
        CredentialName(type: .totp, period: 60, issuer: "Ex", name: "alice"),
        CredentialName(type: .hotp, issuer: nil, name: "bob"),
      ])
    #expect(listed.map(\.algorithm) == [.sha1, .sha512])
    #expect(throws: OATHAnswer.Error.malformed) { try OATHAnswer.list(TLV(0x72, [0x55, 0x61]).bytes) }
  }

  @Test("CALCULATE ALL's answer pairs names with codes, HOTP and touch markers")
  func calculateAll() throws {
    let data =
      TLV(0x71, Array("a".utf8)).bytes + TLV(0x76, hex("0641c61e0c")).bytes + TLV(0x71, Array("b".utf8)).bytes
      + TLV(0x77, [6]).bytes + TLV(0x71, Array("15/c".utf8)).bytes + TLV(0x7C, [8]).bytes
    let all = try OATHAnswer.calculateAll(data)
    #expect(all.map(\.result) == [.truncated(hex("0641c61e0c")), .hotp(digits: 6), .touch(digits: 8)])
    #expect(all.map(\.name.type) == [.totp, .hotp, .totp])
    #expect(all[2].name.period == 15)
    #expect(throws: OATHAnswer.Error.malformed) { try OATHAnswer.calculateAll(TLV(0x71, [0x61]).bytes) }
  }

  @Test(
    "A truncated response becomes digits as ykman's _format_code makes them",
    arguments: [
      ("0641c61e0c", "502860"), ("08ffffffff", "47483647"), ("0600000001", "000001"),
      ("064c93cf18", "755224"),
    ])
  func truncated(value: String, code: String) throws {
    #expect(try OATHAnswer.code(truncated: hex(value)) == code)
    #expect(try OATHAnswer.code(truncated: OATHAnswer.calculate(TLV(0x76, hex(value)).bytes)) == code)
  }

  @Test("A full response is truncated dynamically (RFC 4226 appendix D, count 0)")
  func full() throws {
    #expect(try OATHAnswer.code(full: [6] + hex("cc93cf18508d94934c64b65d8ba7667fb7cde4b0")) == "755224")
  }

  @Test("A response splits into data and status; 61xx says more waits")
  func response() {
    #expect(APDUResponse(bytes: hex("0102 9000")) == APDUResponse(data: [1, 2], status: 0x9000))
    #expect(APDUResponse(bytes: hex("6110"))?.hasMoreData == true)
    #expect(APDUResponse(bytes: [0x90]) == nil)
  }
}
