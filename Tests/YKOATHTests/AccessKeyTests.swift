import Testing
import YKOATH

/// The access key and VALIDATE as ykman's `_derive_key`, `_hmac_sha1` and `_get_device_id` compute them.
struct AccessKeyTests {
  private let salt = hex("0102030405060708")

  @Test(
    "The access key is PBKDF2-HMAC-SHA1(password, salt, 1000, 16)",
    arguments: [
      ("password", "0102030405060708", "ed1b5a43d3a86504dd13c9da7606bd35"),
      ("", "0000000000000000", "aec3edf65e811e1a6c07ded13e82f68b"),
      ("pässwörd", "0102030405060708", "48202fb796ac715dd26e3642dbecdb1a"),
    ])
  func derives(password: String, salt: String, key: String) throws {
    #expect(try AccessKey(password: password, salt: hex(salt)).bytes.hexText == key)
  }

  @Test("VALIDATE answers the card's challenge with HMAC-SHA1 and sends ours")
  func validateCommand() throws {
    let key = try AccessKey(password: "password", salt: salt)
    let apdu = key.validateCommand(
      cardChallenge: hex("1122334455667788"), ourChallenge: hex("0001020304050607"))
    #expect(apdu.ins == 0xA3)
    #expect(apdu.data.hexText == "7514a6bfd05146187fd0c429ecda8dea490ede333c79" + "74080001020304050607")
  }

  @Test("The card's answer is accepted only when it is HMAC-SHA1 of our challenge under the key")
  func verifies() throws {
    let key = try AccessKey(password: "password", salt: salt)
    let ours = hex("1122334455667788")
    let right = TLV(0x75, key.response(to: ours)).bytes
    #expect(key.verifies(validateAnswer: right, ourChallenge: ours))
    let other = try AccessKey(password: "other", salt: salt)
    #expect(!key.verifies(validateAnswer: TLV(0x75, other.response(to: ours)).bytes, ourChallenge: ours))
    #expect(!key.verifies(validateAnswer: [], ourChallenge: ours))
    #expect(!key.verifies(validateAnswer: right, ourChallenge: hex("1122334455667789")))
  }

  @Test("SET CODE sends 73 = 0x21 + the key, our challenge and its response")
  func setCode() throws {
    let key = try AccessKey(password: "password", salt: salt)
    let apdu = key.setCodeCommand(challenge: hex("1122334455667788"))
    #expect(apdu.ins == 0x03)
    #expect(
      apdu.data.hexText
        == "731121ed1b5a43d3a86504dd13c9da7606bd35" + "74081122334455667788"
        + "7514a6bfd05146187fd0c429ecda8dea490ede333c79")
    #expect(OATHCommand.clearCode.bytes.hexText == "00030000027300")
  }

  @Test("The device id is ykman's: SHA-256 of the salt, 16 bytes, Base64 without padding")
  func deviceID() throws {
    let answer = try SelectAnswer(hex("7903050403 71080102030405060708"))
    #expect(answer.deviceID == "ZoQN2hVOihE8Md0K0y9/Og")
  }
}
