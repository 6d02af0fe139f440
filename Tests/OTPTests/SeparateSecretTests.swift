import OTP
import Testing

/// `CodeGenerator(_:secret:pin:)`: the secret and PIN read from bytes of their own (the agent's
/// locked memory), the parameters withheld.
@Suite("Code generators from separate secret bytes")
struct SeparateSecretTests {
  /// One known code: type, secret, PIN, hash, digits, Unix time (the HOTP counter), code.
  struct Known: Sendable, CustomTestStringConvertible {
    let type: OTPType
    let secret: [UInt8]
    let pin: String?
    let algorithm: OTPAlgorithm?
    let digits: Int?
    let time: Int64
    let code: String

    var testDescription: String { "\(type.rawValue) \(algorithm?.rawValue ?? "") at \(time): \(code)" }

    var parameters: OTPParameters {
      get throws {
        try OTPParameters(
          type: type, secret: secret, algorithm: algorithm, digits: digits,
          counter: type == .hotp ? UInt64(time) : 0, pin: pin)
      }
    }
  }

  static let known: [Known] = [
    // RFC 6238 Appendix B.
    Known(
      type: .totp, secret: RFCSecrets.totpSeed(for: .sha1), pin: nil, algorithm: .sha1, digits: 8, time: 59,
      code: "94287082"),
    Known(
      type: .totp, secret: RFCSecrets.totpSeed(for: .sha256), pin: nil, algorithm: .sha256, digits: 8,
      time: 1_111_111_109, code: "68084774"),
    Known(
      type: .totp, secret: RFCSecrets.totpSeed(for: .sha512), pin: nil, algorithm: .sha512, digits: 8,
      time: 20_000_000_000, code: "47863826"),
    // RFC 4226 Appendix D, counter 9.
    Known(
      type: .hotp, secret: RFCSecrets.hotp, pin: nil, algorithm: nil, digits: nil, time: 9, code: "520489"),
    // vault-format.md "Known values".
    Known(
      type: .motp, secret: try! Hex.decode("e3152afee62599c8"), pin: "1234", algorithm: nil, digits: nil,
      time: 165_892_298, code: "e7d8b6"),
    Known(
      type: .yandex, secret: try! Base32.decode("6SB2IKNM6OBZPAVBVTOHDKS4FAAAAAAADFUTQMBTRY"), pin: "5239",
      algorithm: nil, digits: nil, time: 1_641_559_648, code: "umozdicq"),
  ]

  @Test("withheld parameters and the secret and PIN apart give the known codes", arguments: known)
  func knownCode(_ known: Known) throws {
    let parameters = try known.parameters
    let pin = Array((parameters.pin ?? "").utf8)
    let generator = try parameters.secret.withUnsafeBytes { secret in
      try pin.withUnsafeBytes { pin in try CodeGenerator(parameters.withoutSecret(), secret: secret, pin: pin)
      }
    }
    #expect(generator.parameters.isWithheld)
    #expect(try generator.code(at: known.time) == known.code)
  }

  @Test("a Steam code from the secret apart is the one from the whole parameters")
  func steam() throws {
    let parameters = try OTPParameters(type: .steam, secret: RFCSecrets.hotp)
    let whole = try CodeGenerator(parameters)
    let apart = try parameters.secret.withUnsafeBytes { secret in
      try CodeGenerator(
        parameters.withoutSecret(), secret: secret, pin: UnsafeRawBufferPointer(start: nil, count: 0))
    }
    for time: Int64 in [0, 59, 1_700_000_000] { #expect(try apart.code(at: time) == whole.code(at: time)) }
  }

  @Test(
    "no secret, or no PIN where one is needed, makes no generator",
    arguments: [
      (OTPType.totp, [UInt8](), "", OTPError.secretWithheld), (.motp, [1, 2, 3, 4], "", .missingPIN),
      (.yandex, [UInt8](repeating: 7, count: 16), "", .missingPIN),
    ])
  func refused(type: OTPType, secret: [UInt8], pin: String, error: OTPError) throws {
    let parameters = try OTPParameters.withheld(
      type: type, algorithm: type.defaults.algorithm, digits: type.defaults.digits,
      period: type.defaults.period,
      counter: 0, hasPIN: false)
    let pinBytes = Array(pin.utf8)
    #expect(throws: error) {
      _ = try secret.withUnsafeBytes { secret in
        try pinBytes.withUnsafeBytes { pin in try CodeGenerator(parameters, secret: secret, pin: pin) }
      }
    }
  }
}
