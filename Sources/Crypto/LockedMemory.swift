import COpenSSL

/// OpenSSL's secure heap: an arena kept out of swap (`mlock`), out of core dumps
/// (`MADV_DONTDUMP`) and fenced by guard pages. Once it is started, every `SecretBytes` made
/// afterwards lives there (falling back to ordinary memory if the arena is full).
public enum LockedMemory {
  /// What starting the arena gave.
  public enum State: Equatable, Sendable {
    /// The arena is locked in memory and left out of dumps.
    case locked
    /// The arena exists, but the system refused to lock it (`RLIMIT_MEMLOCK`): keys still work.
    case unlocked
    /// There is no arena; keys live in ordinary memory.
    case unavailable
  }

  /// Starts an arena of `bytes` (a power of two) once per process; later calls report the first.
  public static func start(bytes: Int = 64 << 10) -> State {
    if CRYPTO_secure_malloc_initialized() == 1 { return .locked }
    switch CRYPTO_secure_malloc_init(bytes, 16) {
    case 1: return .locked
    case 2: return .unlocked
    default: return .unavailable
    }
  }

  /// Whether `secret` lives in the arena.
  public static func holds(_ secret: SecretBytes) -> Bool {
    secret.withUnsafeBytes { CRYPTO_secure_allocated($0.baseAddress) == 1 }
  }
}
