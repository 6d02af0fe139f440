import Synchronization

/// Where the vault's contents live. Data implements it over the vault file; tests and the
/// demo use `InMemoryVaultRepository`.
public protocol VaultRepository: Sendable {
  /// The current contents.
  func load() throws(DomainError) -> VaultContents

  /// Loads the newest contents under an exclusive lock, applies `change`, and saves the
  /// result before releasing the lock. When `change` throws, nothing is saved.
  func update<Result>(
    _ change: (inout VaultContents) throws(DomainError) -> Result
  ) throws(DomainError) -> Result
}

/// The vault's password, for the repositories that have one.
public protocol VaultCredentials: Sendable {
  /// Re-wraps the master key under `newPassword`; other slots and the accounts stay.
  func changePassword(to newPassword: [UInt8]) throws(DomainError)
}

/// The current time as Unix seconds; only the outermost layer reads the real clock.
public struct Clock: Sendable {
  /// Returns the current Unix time in seconds.
  public var now: @Sendable () -> Int64

  /// Wraps a time source.
  public init(now: @escaping @Sendable () -> Int64) { self.now = now }

  /// A clock stopped at `time`, for tests and previews.
  public static func fixed(_ time: Int64) -> Clock { Clock { time } }
}

/// A source of fresh identifiers (random UUIDs in the app, a counter in tests).
public struct IdentifierSource: Sendable {
  /// Returns a new UUID text.
  public var next: @Sendable () -> String

  /// Wraps an identifier source.
  public init(next: @escaping @Sendable () -> String) { self.next = next }

  /// `prefix-1`, `prefix-2`, … in call order: every id known in advance (tests, previews).
  public static func counting(_ prefix: String = "id") -> IdentifierSource {
    let counter = Mutex(0)
    return IdentifierSource {
      let value = counter.withLock { count in
        count += 1
        return count
      }
      return "\(prefix)-\(value)"
    }
  }

  /// Version-4 UUID text from 16 random bytes (RFC 9562 §5.4).
  public static func uuid(random: @escaping @Sendable (Int) -> [UInt8]) -> IdentifierSource {
    IdentifierSource {
      var bytes = random(16)
      bytes[6] = bytes[6] & 0x0f | 0x40
      bytes[8] = bytes[8] & 0x3f | 0x80
      let hex = bytes.map { byte in
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
      }
      return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]]
        .map { $0.joined() }.joined(separator: "-")
    }
  }
}
