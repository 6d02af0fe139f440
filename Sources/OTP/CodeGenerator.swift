import Crypto

/// Computes one account's codes. The HMAC key schedule is prepared once, so generating many
/// codes (a list refresh, a verification window, a benchmark) costs two digest blocks each.
public struct CodeGenerator: Sendable {
  /// The account's parameters.
  public let parameters: OTPParameters
  private let mac: HMAC?
  private let motpSecretHex: String

  /// Prepares the generator; mOTP and Yandex accounts without a PIN cannot produce codes.
  public init(_ parameters: OTPParameters) throws(OTPError) {
    self.parameters = parameters
    switch parameters.type {
    case .totp, .hotp, .steam:
      mac = HMAC(parameters.algorithm.digest, key: parameters.secret)
      motpSecretHex = ""
    case .yandex:
      guard let pin = parameters.pin, !pin.isEmpty else { throw .missingPIN }
      var key = Digest.sha256(Array(pin.utf8) + parameters.secret)
      if key.first == 0 { key.removeFirst() }
      mac = HMAC(.sha256, key: key)
      wipe(&key)
      motpSecretHex = ""
    case .motp:
      guard let pin = parameters.pin, !pin.isEmpty else { throw .missingPIN }
      mac = nil
      motpSecretHex = Hex.encode(parameters.secret)
    }
  }

  /// The code shown at Unix time `time`; for HOTP, the code of the stored counter.
  public func code(at time: Int64) throws(OTPError) -> String {
    if parameters.type == .hotp { return code(counter: parameters.counter) }
    return code(counter: try parameters.step(at: time))
  }

  /// The code for a counter value or time step (RFC 4226 §5.3 and each type's rendering).
  public func code(counter: UInt64) -> String {
    switch parameters.type {
    case .totp, .hotp:
      return Self.decimal(UInt64(truncatedValue(counter: counter)), digits: parameters.digits)
    case .steam:
      return Self.steam(truncatedValue(counter: counter), length: parameters.digits)
    case .yandex:
      return Self.letters(yandexValue(counter: counter), length: parameters.digits)
    case .motp:
      let message = String(counter) + motpSecretHex + (parameters.pin ?? "")
      return String(Hex.encode(Digest.hash(.md5, Array(message.utf8))).prefix(parameters.digits))
    }
  }

  /// RFC 4226 §5.3 dynamic truncation: a 31-bit number from the HMAC of the big-endian counter.
  @inline(__always)
  public func truncatedValue(counter: UInt64) -> UInt32 {
    withMAC(counter: counter) { digest, size in
      let offset = Int(digest[size - 1] & 0x0f)
      return (UInt32(digest[offset] & 0x7f) << 24) | (UInt32(digest[offset + 1]) << 16)
        | (UInt32(digest[offset + 2]) << 8) | UInt32(digest[offset + 3])
    }
  }

  /// Runs `body` on the HMAC of the big-endian `counter` (RFC 4226 §5.2) and its length,
  /// held in a stack buffer.
  @inline(__always)
  private func withMAC<R>(counter: UInt64, _ body: (UnsafeMutablePointer<UInt8>, Int) -> R) -> R {
    guard let mac else { preconditionFailure("mOTP has no HMAC") }
    var message = counter.bigEndian
    var digest: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    return withUnsafeMutableBytes(of: &digest) { digest in
      let base = digest.baseAddress!.assumingMemoryBound(to: UInt8.self)
      withUnsafeBytes(of: &message) { mac.authenticate($0, into: base) }
      return body(base, mac.algorithm.outputSize)
    }
  }

  /// Yandex takes 63 bits at the truncation offset instead of 31.
  private func yandexValue(counter: UInt64) -> UInt64 {
    withMAC(counter: counter) { digest, size in
      let offset = Int(digest[size - 1] & 0x0f)
      var value: UInt64 = UInt64(digest[offset] & 0x7f)
      for index in 1..<8 { value = value << 8 | UInt64(digest[offset + index]) }
      return value
    }
  }

  /// The last `digits` decimal digits of `value`, zero-padded (RFC 4226 §5.3 `Snum mod 10^Digit`).
  private static func decimal(_ value: UInt64, digits: Int) -> String {
    var remaining = value
    return String(unsafeUninitializedCapacity: digits) { buffer in
      for index in stride(from: digits - 1, through: 0, by: -1) {
        buffer[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
        remaining /= 10
      }
      return digits
    }
  }

  private static let steamAlphabet = Array("23456789BCDFGHJKMNPQRTVWXY".utf8)

  private static func steam(_ value: UInt32, length: Int) -> String {
    var remaining = Int(value)
    var output: [UInt8] = []
    for _ in 0..<length {
      output.append(steamAlphabet[remaining % steamAlphabet.count])
      remaining /= steamAlphabet.count
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static func letters(_ value: UInt64, length: Int) -> String {
    var modulus: UInt64 = 1
    for _ in 0..<length { modulus *= 26 }
    var remaining = value % modulus
    var output = [UInt8](repeating: 0, count: length)
    for index in stride(from: length - 1, through: 0, by: -1) {
      output[index] = UInt8(ascii: "a") + UInt8(remaining % 26)
      remaining /= 26
    }
    return String(decoding: output, as: UTF8.self)
  }
}
