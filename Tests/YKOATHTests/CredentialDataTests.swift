import Testing
import YKOATH

/// PUT's data and secrets as ykman's `put_credential` and `_hmac_shorten_key` make them.
struct CredentialDataTests {
  @Test(
    "Secrets longer than the hash's block are hashed, shorter than 14 bytes padded",
    arguments: [
      (OATHAlgorithm.sha1, Array("12345678901234567890".utf8), "3132333435363738393031323334353637383930"),
      (.sha1, Array("short".utf8), "73686f7274000000000000000000"),
      (.sha256, Array(0..<65), "4bfd2c8b6f1eec7a2afeb48b934ee4b2694182027e6d0fc075074f2fabb31781"),
      (.sha256, Array(0..<64), Array(UInt8(0)..<64).hexText),
      (
        .sha512, Array(0..<129),
        "1d9da57fbbdab09afb3506ab2d223d06109d65c1c8ad197f50138f714bc4c3f2"
          + "fe5787922639c680acad1c651f955990425954ce2cba0c5cc83f2667d878eb0f"
      ),
      (.sha512, Array(0..<128), Array(UInt8(0)..<128).hexText),
    ] as [(OATHAlgorithm, [UInt8], String)])
  func storedSecret(algorithm: OATHAlgorithm, secret: [UInt8], stored: String) {
    #expect(CredentialData.storedSecret(secret, algorithm: algorithm).hexText == stored)
  }

  @Test("A TOTP SHA-256 account of 8 digits, 60 s, with touch is put as ykman puts it")
  func putTOTP() throws {
    let data = CredentialData(
      name: CredentialName(type: .totp, period: 60, issuer: "Example", name: "alice"), algorithm: .sha256,
      digits: 8, secret: hex("48656c6c6f21deadbeef"), touch: true)
    #expect(
      try data.putData().hexText
        == "711036302f4578616d706c653a616c6963657310220848656c6c6f21deadbeef000000007802")
  }

  @Test("An HOTP account's counter is sent as IMF, four bytes")
  func putHOTP() throws {
    let data = CredentialData(
      name: CredentialName(type: .hotp, issuer: nil, name: "bob"), secret: hex("48656c6c6f21deadbeef"),
      counter: 42)
    #expect(try data.putData().hexText == "7103626f627310110648656c6c6f21deadbeef000000007a040000002a")
  }

  @Test("What the applet cannot hold is refused", arguments: [5, 9])
  func digits(digits: Int) {
    let data = CredentialData(
      name: CredentialName(type: .totp, issuer: nil, name: "a"), digits: digits, secret: [1])
    #expect(throws: CredentialData.Error.unsupportedDigits(digits)) { try data.putData() }
  }

  @Test("An empty secret is refused")
  func emptySecret() {
    let data = CredentialData(name: CredentialName(type: .totp, issuer: nil, name: "a"), secret: [])
    #expect(throws: CredentialData.Error.emptySecret) { try data.putData() }
  }

  @Test("A name over 64 bytes is refused before anything is built")
  func longName() {
    let name = CredentialName(type: .totp, issuer: nil, name: String(repeating: "n", count: 65))
    #expect(throws: CredentialData.Error.name(.tooLong(65))) {
      try CredentialData(name: name, secret: [1]).putData()
    }
  }

  @Test("The type/algorithm byte is type | algorithm", arguments: OATHType.allCases)
  func kindByte(type: OATHType) {
    for algorithm in OATHAlgorithm.allCases {
      let byte = OATHKind(type: type, algorithm: algorithm).byte
      #expect(byte == type.rawValue | algorithm.rawValue)
      #expect(OATHKind(byte: byte) == OATHKind(type: type, algorithm: algorithm))
    }
    #expect(OATHKind(byte: 0x24) == nil)
    #expect(OATHKind(byte: 0x31) == nil)
  }
}
