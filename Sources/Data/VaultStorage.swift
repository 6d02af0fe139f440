import Domain

/// The bytes of the vault file and the guarantees around them. Data declares it;
/// Infrastructure implements it on the file system (atomic durable writes, a lock, backups).
public protocol VaultStorage: Sendable {
  /// Where the vault is, for messages.
  var location: String { get }

  /// Whether a vault file exists.
  func exists() -> Bool

  /// The whole file.
  func read() throws(StorageError) -> [UInt8]

  /// Runs `body` holding the vault's exclusive lock, waiting a while for another holder.
  func withExclusiveLock<Result>(
    _ body: () throws(DomainError) -> Result
  ) throws(DomainError) -> Result

  /// Replaces the file durably and atomically, after copying the previous one to the backups.
  /// Only called while holding the lock.
  func replace(with bytes: [UInt8]) throws(StorageError)

  /// Writes a new file; fails if one exists.
  func create(with bytes: [UInt8]) throws(StorageError)
}

/// A storage failure, before translation into `DomainError`.
public enum StorageError: Error, Equatable, Sendable {
  /// There is no file.
  case notFound
  /// The file exists already.
  case alreadyExists
  /// Another process holds the lock.
  case locked
  /// The system refused; the text is the system's reason and the path, never file content.
  case failed(String)

  /// The domain's view of the failure.
  public var domainError: DomainError {
    switch self {
    case .notFound: .vaultMissing
    case .alreadyExists: .vaultExists
    case .locked: .vaultLocked
    case .failed(let reason): .storage(reason)
    }
  }
}
