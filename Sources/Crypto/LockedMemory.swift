import COpenSSL

/// OpenSSL's secure heap: an arena kept out of swap (`mlock`), out of core dumps
/// (`MADV_DONTDUMP`) and fenced by guard pages. Once it is started, every `SecretBytes` and every
/// `HMAC` key schedule made afterwards lives there (falling back to ordinary memory, still wiped
/// when freed, if the arena is full).
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

  /// The smallest arena `start` settles for when the system will not lock a larger one.
  public static let smallestArena = 64 << 10

  /// Starts an arena of `bytes` (a power of two) once per process; later calls report the first.
  /// When the system will not lock that many bytes, it tries half as many, down to
  /// `smallestArena`, and keeps the largest it can lock (or the smallest, unlocked).
  public static func start(bytes: Int = 64 << 10) -> State {
    if CRYPTO_secure_malloc_initialized() == 1 { return .locked }
    var size = bytes
    while true {
      switch CRYPTO_secure_malloc_init(size, 16) {
      case 1: return .locked
      case 2:
        guard size > smallestArena, CRYPTO_secure_malloc_done() == 1 else { return .unlocked }
        size /= 2
      default: return .unavailable
      }
    }
  }

  /// Whether `secret` lives in the arena.
  public static func holds(_ secret: SecretBytes) -> Bool {
    secret.withUnsafeBytes { holds($0.baseAddress) }
  }

  /// Whether `pointer` points into the arena.
  static func holds(_ pointer: UnsafeRawPointer?) -> Bool {
    CRYPTO_secure_malloc_initialized() == 1 && CRYPTO_secure_allocated(pointer) == 1
  }

  /// `count` zeroed bytes in the arena, or nil when there is no arena or it is full; the queue
  /// of OpenSSL errors is left as it was.
  static func allocate(_ count: Int) -> UnsafeMutableRawPointer? {
    guard CRYPTO_secure_malloc_initialized() == 1, count > 0 else { return nil }
    ERR_set_mark()
    let raw = CRYPTO_secure_zalloc(count, nil, 0)
    ERR_pop_to_mark()
    return raw
  }

  /// Wipes and frees `count` bytes from `allocate`.
  static func free(_ pointer: UnsafeMutableRawPointer, count: Int) {
    CRYPTO_secure_clear_free(pointer, count, nil, 0)
  }
}
