import DynamicLibraries

/// Argon2id (RFC 9106, version 0x13) through the reference implementation, libargon2, loaded at
/// run time with `dlopen`: no headers or link-time dependency, and Twofold runs without it.
public enum Argon2 {
  /// The cost parameters of one derivation.
  public struct Parameters: Equatable, Sendable {
    /// Passes over memory (t), at least 1.
    public var iterations: UInt32
    /// Memory in KiB (m), at least 8 per lane.
    public var memoryKiB: UInt32
    /// Lanes, also the threads used (p), at least 1.
    public var parallelism: UInt32

    /// Stores the parameters; `id` checks them.
    public init(iterations: UInt32, memoryKiB: UInt32, parallelism: UInt32) {
      self.iterations = iterations
      self.memoryKiB = memoryKiB
      self.parallelism = parallelism
    }
  }

  /// Why no key was derived; never holds the password.
  public enum Error: Swift.Error, Equatable, Sendable {
    /// libargon2 is not installed; the message says how to install it.
    case libraryMissing(String)
    /// The parameters, salt or output length are outside what Argon2 or Twofold allow.
    case invalidParameters(String)
    /// The library failed with this `argon2_error_codes` value.
    case library(Int32)
  }

  /// The library names tried, in order.
  public static let libraryNames = ["libargon2.so.1", "libargon2.1.dylib"]

  /// What to tell someone when the library is absent.
  public static let installHint =
    "Argon2id needs libargon2, which is not installed: install it with 'apt-get install libargon2-1' "
    + "(Debian, Ubuntu) or 'brew install argon2' (macOS)"

  /// The most memory a file's parameters may ask for (1 GiB), so a hostile file cannot exhaust memory.
  public static let memoryLimitKiB: UInt32 = 1 << 20

  private typealias HashRaw =
    @convention(c) (
      UInt32, UInt32, UInt32, UnsafeRawPointer?, Int, UnsafeRawPointer?, Int, UnsafeMutableRawPointer?, Int
    ) -> Int32

  /// Whether one of `libraries` loads and has Argon2id, so a caller can say so before asking
  /// for a password.
  public static func isAvailable(libraries: [String] = libraryNames) -> Bool {
    DynamicLibrary(firstOf: libraries)?.symbol("argon2id_hash_raw") != nil
  }

  /// Derives `length` bytes from `password` and `salt` with Argon2id (`argon2id_hash_raw`),
  /// loading the first of `libraries` that exists.
  public static func id(
    password: [UInt8], salt: [UInt8], parameters: Parameters, length: Int = 32,
    libraries: [String] = libraryNames
  ) throws(Error) -> [UInt8] {
    try check(parameters, saltCount: salt.count, length: length)
    guard let library = DynamicLibrary(firstOf: libraries),
      let hash = library.function("argon2id_hash_raw", as: HashRaw.self)
    else { throw .libraryMissing(installHint) }
    defer { withExtendedLifetime(library) {} }
    var output = [UInt8](repeating: 0, count: length)
    let status = password.withUnsafeBytes { pwd in
      salt.withUnsafeBytes { salt in
        output.withUnsafeMutableBytes { out in
          hash(
            parameters.iterations, parameters.memoryKiB, parameters.parallelism, pwd.baseAddress, pwd.count,
            salt.baseAddress, salt.count, out.baseAddress, out.count)
        }
      }
    }
    guard status == 0 else {
      wipe(&output)
      throw .library(status)
    }
    return output
  }

  private static func check(_ parameters: Parameters, saltCount: Int, length: Int) throws(Error) {
    let (t, m, p) = (parameters.iterations, parameters.memoryKiB, parameters.parallelism)
    guard t >= 1, (1...0xFF_FFFF).contains(p) else {
      throw .invalidParameters("Argon2 needs at least one pass and 1 to 2^24−1 lanes")
    }
    guard UInt64(m) >= 8 * UInt64(p) else {
      throw .invalidParameters("Argon2 needs at least 8 KiB of memory per lane (RFC 9106 §3.1)")
    }
    guard m <= memoryLimitKiB else {
      throw .invalidParameters("Argon2 parameters need more than 1 GiB of memory")
    }
    guard saltCount >= 8 else { throw .invalidParameters("Argon2 salts must be at least 8 bytes") }
    guard (4...1024).contains(length) else {
      throw .invalidParameters("Argon2 output must be 4 to 1024 bytes")
    }
  }
}
