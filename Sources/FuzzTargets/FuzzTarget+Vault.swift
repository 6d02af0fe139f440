import Crypto
import Data
import Domain
import Synchronization

extension FuzzTarget {
  /// The vault decoder: a file that opens is saved and opens again to the same contents.
  static let vault: [FuzzTarget] = [FuzzTarget(name: "vault", check: vaultRoundTrip)]

  /// Opens the bytes as a vault without a password (so no key derivation runs; encrypted files
  /// stop at the slots), saves what opened, and opens the saved file.
  private static func vaultRoundTrip(_ bytes: [UInt8]) -> Bool {
    let storage = MemoryStorage(bytes)
    guard let contents = try? repository(over: storage).load() else { return false }
    do throws(DomainError) {
      try repository(over: storage).update { _ in }
    } catch {
      preconditionFailure("a vault that opened cannot be saved: \(error)")
    }
    let reopened: VaultContents
    do throws(DomainError) {
      reopened = try repository(over: storage).load()
    } catch {
      preconditionFailure("a vault Twofold saved does not open: \(error)")
    }
    invariant(reopened == contents, "a saved vault opens with other contents")
    return true
  }

  private static func repository(over storage: MemoryStorage) -> AegisVaultRepository {
    AegisVaultRepository(
      storage: storage, password: { () throws(DomainError) -> [UInt8] in throw .passwordRequired },
      random: RandomSource { [UInt8](repeating: 7, count: $0) }, ids: .counting())
  }
}

/// A vault file held in memory.
private final class MemoryStorage: VaultStorage {
  private let bytes: Mutex<[UInt8]>

  init(_ bytes: [UInt8]) { self.bytes = Mutex(bytes) }

  var location: String { "memory" }

  func exists() -> Bool { true }

  func read() throws(StorageError) -> [UInt8] { bytes.withLock { $0 } }

  func withExclusiveLock<Result>(_ body: () throws(DomainError) -> Result) throws(DomainError) -> Result {
    try body()
  }

  func replace(with bytes: [UInt8]) throws(StorageError) { self.bytes.withLock { $0 = bytes } }

  func create(with bytes: [UInt8]) throws(StorageError) { self.bytes.withLock { $0 = bytes } }
}
