import Crypto

/// Computes one account's codes. The HMAC key schedule is prepared once, so generating many
/// codes (a list refresh, a verification window, a benchmark) costs two digest blocks each.
public struct CodeGenerator: Sendable {
  /// The account's parameters (withheld, when the generator was made from separate secret bytes).
  public let parameters: OTPParameters
  private let mac: HMAC?
  /// mOTP's secret as lowercase hex followed by its PIN: what each code's MD5 covers after the time.
  private let motpMaterial: SecretBytes?

  /// Prepares the generator; mOTP and Yandex accounts without a PIN cannot produce codes.
  public init(_ parameters: OTPParameters) throws(OTPError) {
    guard !parameters.isWithheld else { throw .secretWithheld }
    self.parameters = parameters
    let pin = Array((parameters.pin ?? "").utf8)
    let prepared = parameters.secret.withUnsafeBytes { secret in
      pin.withUnsafeBytes { pin in
        Result { () throws(OTPError) in try Self.prepare(parameters, secret: secret, pin: pin) }
      }
    }
    (mac, motpMaterial) = try prepared.get()
  }

  /// Prepares the generator from `secret` and `pin` read in place (ranges of `SecretBytes`)
  /// instead of from `parameters`, which may be withheld (`OTPParameters.withheld`). It keeps no
  /// copy of either but its HMAC key schedule and mOTP's material, both in `LockedMemory` when
  /// that is started; mOTP and Yandex accounts without a PIN cannot produce codes.
  public init(
    _ parameters: OTPParameters, secret: UnsafeRawBufferPointer, pin: UnsafeRawBufferPointer
  ) throws(OTPError) {
    guard !secret.isEmpty else { throw .secretWithheld }
    self.parameters = parameters
    (mac, motpMaterial) = try Self.prepare(parameters, secret: secret, pin: pin)
  }

  /// The HMAC key schedule (TOTP, HOTP, Steam, Yandex) or the mOTP material of a secret and PIN.
  private static func prepare(
    _ parameters: OTPParameters, secret: UnsafeRawBufferPointer, pin: UnsafeRawBufferPointer
  ) throws(OTPError) -> (HMAC?, SecretBytes?) {
    switch parameters.type {
    case .totp, .hotp, .steam:
      return (HMAC(parameters.algorithm.digest, keyBytes: secret), nil)
    case .yandex:
      guard !pin.isEmpty else { throw .missingPIN }
      var message: [UInt8] = []
      message.reserveCapacity(pin.count + secret.count)
      message.append(contentsOf: pin)
      message.append(contentsOf: secret)
      var key = Digest.sha256(message)
      wipe(&message)
      defer { wipe(&key) }
      // A leading zero byte of the digest is dropped.
      return (
        key.withUnsafeBytes {
          HMAC(.sha256, keyBytes: UnsafeRawBufferPointer(rebasing: $0[(key[0] == 0 ? 1 : 0)...]))
        }, nil
      )
    case .motp:
      guard !pin.isEmpty else { throw .missingPIN }
      let digits = Array("0123456789abcdef".utf8)
      let material = SecretBytes(count: secret.count * 2 + pin.count) { material in
        for (index, byte) in secret.enumerated() {
          material[index * 2] = digits[Int(byte >> 4)]
          material[index * 2 + 1] = digits[Int(byte & 15)]
        }
        UnsafeMutableRawBufferPointer(rebasing: material[(secret.count * 2)...]).copyMemory(from: pin)
      }
      return (nil, material)
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
      return Self.digits(
        of: UInt64(truncatedValue(counter: counter)), base: 10, zero: UInt8(ascii: "0"),
        count: parameters.digits)
    case .steam:
      return Self.steam(truncatedValue(counter: counter), length: parameters.digits)
    case .yandex:
      return Self.digits(
        of: yandexValue(counter: counter), base: 26, zero: UInt8(ascii: "a"), count: parameters.digits)
    case .motp:
      guard let motpMaterial else { preconditionFailure("mOTP without its material") }
      let time = String(counter).utf8
      var message: [UInt8] = []
      message.reserveCapacity(time.count + motpMaterial.count)
      message.append(contentsOf: time)
      motpMaterial.withUnsafeBytes { message.append(contentsOf: $0) }
      defer { wipe(&message) }
      return String(Hex.encode(Digest.hash(.md5, message)).prefix(parameters.digits))
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
    let size = mac.algorithm.outputSize
    var message = counter.bigEndian
    var digest: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    return withUnsafeMutableBytes(of: &digest) { digest in
      let base = digest.baseAddress!.assumingMemoryBound(to: UInt8.self)
      withUnsafeBytes(of: &message) { mac.authenticate($0, into: base) }
      return body(base, size)
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

  /// The last `count` digits of `value` in `base`, most significant first, digit `d` written
  /// as `zero + d`: decimal codes (RFC 4226 §5.3, `Snum mod 10^Digit`) and Yandex's letters.
  @inline(__always)
  private static func digits(of value: UInt64, base: UInt64, zero: UInt8, count: Int) -> String {
    ascii(count: count) { text in
      var remaining = value
      for index in text.indices.reversed() {
        text[index] = zero + UInt8(remaining % base)
        remaining /= base
      }
    }
  }

  private static let steamAlphabet: StaticString = "23456789BCDFGHJKMNPQRTVWXY"

  /// Steam's characters: base 26 over its alphabet, least significant first.
  private static func steam(_ value: UInt32, length: Int) -> String {
    ascii(count: length) { text in
      var remaining = value
      for index in text.indices {
        text[index] = steamAlphabet.utf8Start[Int(remaining % 26)]
        remaining /= 26
      }
    }
  }

  /// A String of `count` (at most 16) ASCII characters that `fill` writes into a stack buffer,
  /// so making a code allocates nothing.
  @inline(__always)
  private static func ascii(count: Int, _ fill: (UnsafeMutableRawBufferPointer) -> Void) -> String {
    var text: (UInt64, UInt64) = (0, 0)
    withUnsafeMutableBytes(of: &text) { fill(UnsafeMutableRawBufferPointer(rebasing: $0[..<count])) }
    return String(unsafeUninitializedCapacity: count) { buffer in
      withUnsafeBytes(of: text) {
        UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[..<count]))
      }
      return count
    }
  }
}
