import Data
import Domain
import Foundation
import Synchronization

/// A vault file held in memory: the bytes behind a mutex, a lock around changes, and a count of
/// the writes, so a test can see whether a failure wrote anything.
final class MemoryVaultStorage: VaultStorage {
  private struct State {
    var bytes: [UInt8]?
    var writes = 0
  }

  private let state: Mutex<State>
  private let changeLock = NSLock()

  /// A storage holding `bytes`, or no file when nil.
  init(_ bytes: [UInt8]? = nil) {
    state = Mutex(State(bytes: bytes))
  }

  var location: String { "memory" }

  /// The file as it is now.
  var bytes: [UInt8]? { state.withLock { $0.bytes } }

  /// How many times the file was replaced or created.
  var writes: Int { state.withLock { $0.writes } }

  func exists() -> Bool { bytes != nil }

  func read() throws(StorageError) -> [UInt8] {
    guard let bytes else { throw .notFound }
    return bytes
  }

  func withExclusiveLock<Result>(
    _ body: () throws(DomainError) -> Result
  ) throws(DomainError) -> Result {
    changeLock.lock()
    defer { changeLock.unlock() }
    return try body()
  }

  func replace(with bytes: [UInt8]) throws(StorageError) {
    state.withLock {
      $0.bytes = bytes
      $0.writes += 1
    }
  }

  func create(with bytes: [UInt8]) throws(StorageError) {
    try state.withLock { (state) throws(StorageError) in
      guard state.bytes == nil else { throw .alreadyExists }
      state.bytes = bytes
      state.writes += 1
    }
  }
}
