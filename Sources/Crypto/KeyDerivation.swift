import COpenSSL

/// Password-based key derivation through OpenSSL: scrypt (RFC 7914) and PBKDF2 (RFC 8018).
public enum KeyDerivation {
  /// scrypt parameters; the memory they need is `128 · n · r · p` bytes.
  public struct ScryptParameters: Equatable, Sendable {
    /// CPU/memory cost, a power of two greater than 1.
    public var n: UInt64
    /// Block size.
    public var r: UInt64
    /// Parallelism.
    public var p: UInt64

    /// Aegis' parameters for new vaults: N = 2^15, r = 8, p = 1.
    public static let aegis = ScryptParameters(n: 1 << 15, r: 8, p: 1)

    /// Stores the three parameters; `scrypt` checks them.
    public init(n: UInt64, r: UInt64, p: UInt64) {
      self.n = n
      self.r = r
      self.p = p
    }
  }

  /// The most memory a file's scrypt parameters may ask for (1 GiB), so a hostile file cannot exhaust memory.
  public static let scryptMemoryLimit: UInt64 = 1 << 30

  /// The most work (N·r·p) a file's scrypt parameters may ask for: 64 times Aegis' own (2^15·8·1),
  /// a few seconds, so a hostile file with a huge p cannot keep Twofold busy for hours.
  public static let scryptWorkLimit: UInt64 = 1 << 24

  /// The work (N·r·p) scrypt does for `parameters`, or the reason they are refused (over the
  /// memory or work limits, or malformed): what a caller checks before it tries a file's slot.
  public static func scryptWork(_ parameters: ScryptParameters) -> Result<UInt64, CryptoError> {
    do throws(CryptoError) {
      _ = try scryptMemory(parameters)
      return .success(parameters.n * parameters.r * parameters.p)
    } catch {
      return .failure(error)
    }
  }

  /// Derives `length` bytes from `password` and `salt` with scrypt.
  public static func scrypt(
    password: [UInt8], salt: [UInt8], parameters: ScryptParameters, length: Int = 32
  ) throws(CryptoError) -> [UInt8] {
    let maxMemory = try scryptMemory(parameters)
    var output = [UInt8](repeating: 0, count: length)
    let ok = output.withUnsafeMutableBytes {
      scrypt(password: password, salt: salt, parameters: parameters, maxMemory: maxMemory, into: $0)
    }
    guard ok else { throw .library("scrypt") }
    return output
  }

  /// Derives a key with scrypt straight into `SecretBytes`, so it is wiped when dropped.
  public static func scryptKey(
    password: [UInt8], salt: [UInt8], parameters: ScryptParameters, length: Int = 32
  ) throws(CryptoError) -> SecretBytes {
    let maxMemory = try scryptMemory(parameters)
    return try SecretBytes(count: length) { (output) throws(CryptoError) in
      guard scrypt(password: password, salt: salt, parameters: parameters, maxMemory: maxMemory, into: output)
      else { throw .library("scrypt") }
    }
  }

  /// Checks scrypt's parameters and returns the memory limit to give OpenSSL.
  private static func scryptMemory(_ parameters: ScryptParameters) throws(CryptoError) -> UInt64 {
    let (n, r, p) = (parameters.n, parameters.r, parameters.p)
    guard n > 1, n & (n - 1) == 0, r > 0, p > 0, r <= 1 << 16, p <= 1 << 16 else {
      throw .invalidParameters("scrypt N must be a power of two above 1, r and p positive")
    }
    guard r >= 4 || n < 1 << (16 * r) else {
      throw .invalidParameters("scrypt N must be below 2^(16·r) (RFC 7914 §2)")
    }
    let (product, overflow) = (128 * r).multipliedReportingOverflow(by: n)
    guard !overflow, product <= scryptMemoryLimit, 128 * r * p <= scryptMemoryLimit else {
      throw .invalidParameters("scrypt parameters need more than 1 GiB of memory")
    }
    let (work, workOverflow) = (n * r).multipliedReportingOverflow(by: p)
    guard !workOverflow, work <= scryptWorkLimit else {
      throw .invalidParameters("scrypt parameters ask for more than 64 times Aegis' work (N·r·p over 2^24)")
    }
    // OpenSSL needs 128·r·(N + 2) bytes for V and 128·r·p for B; allow that plus a margin.
    return product + 256 * r + 128 * r * p + (1 << 20)
  }

  /// Runs OpenSSL's scrypt into `output`; whether it succeeded.
  private static func scrypt(
    password: [UInt8], salt: [UInt8], parameters: ScryptParameters, maxMemory: UInt64,
    into output: UnsafeMutableRawBufferPointer
  ) -> Bool {
    OpenSSLStart.ensure()
    let ok = password.withUnsafeBufferPointer { pw in
      salt.withUnsafeBufferPointer { s in
        EVP_PBE_scrypt(
          pw.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, pw.count,
          s.baseAddress, s.count, parameters.n, parameters.r, parameters.p, maxMemory,
          output.baseAddress?.assumingMemoryBound(to: UInt8.self), output.count)
      }
    }
    return ok == 1
  }

  /// Derives `length` bytes with PBKDF2-HMAC over `digest` (SHA-1, SHA-256 or SHA-512).
  public static func pbkdf2(
    password: [UInt8], salt: [UInt8], iterations: Int, digest: DigestAlgorithm, length: Int
  ) throws(CryptoError) -> [UInt8] {
    guard iterations > 0, iterations <= 100_000_000 else {
      throw .invalidParameters("PBKDF2 iterations must be 1 to 100,000,000")
    }
    guard length > 0 else { throw .invalidLength("PBKDF2 output must be at least 1 byte") }
    var output = [UInt8](repeating: 0, count: length)
    let ok = password.withUnsafeBufferPointer { pw in
      salt.withUnsafeBufferPointer { s in
        output.withUnsafeMutableBufferPointer { out in
          PKCS5_PBKDF2_HMAC(
            pw.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
            Int32(pw.count), s.baseAddress, Int32(s.count), Int32(iterations), digest.evp,
            Int32(length), out.baseAddress)
        }
      }
    }
    guard ok == 1 else { throw .library("PBKDF2") }
    return output
  }
}
