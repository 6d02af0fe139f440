import Data
import Domain
import Foundation
import Infrastructure
import Synchronization

/// Vault files held in memory by path, each with a version that every write moves on, so the
/// agent's cache sees a write as it sees a new inode on disk.
final class MemoryVaultFiles: Sendable {
  private struct File {
    var bytes: [UInt8]
    var version: Int64
  }

  private let files = Mutex<[String: File]>([:])
  private let reads = Mutex<[String: Int]>([:])
  private let changeLock = NSLock()

  /// Puts `bytes` at `path`, as another writer would (a new version).
  func write(_ bytes: [UInt8], at path: String) {
    files.withLock { files in
      files[path] = File(bytes: bytes, version: (files[path]?.version ?? 0) + 1)
    }
  }

  /// Removes the file at `path`.
  func remove(_ path: String) { files.withLock { $0[path] = nil } }

  /// The bytes at `path` now.
  func bytes(at path: String) -> [UInt8]? { files.withLock { $0[path]?.bytes } }

  /// How many times the file at `path` was read whole.
  func readCount(_ path: String) -> Int { reads.withLock { $0[path] ?? 0 } }

  /// The identity of the file at `path`: its version, as the agent's `identity` dependency.
  func identity(_ path: String) -> FileIdentity? {
    files.withLock { $0[path] }.map { file in
      FileIdentity(
        device: 0, inode: UInt64(file.version), size: Int64(file.bytes.count), modified: 0, changed: 0)
    }
  }

  /// The storage of the file at `path`.
  func storage(_ path: String) -> any VaultStorage { Storage(files: self, path: path) }

  private struct Storage: VaultStorage {
    let files: MemoryVaultFiles
    let path: String

    var location: String { path }

    func exists() -> Bool { files.bytes(at: path) != nil }

    func read() throws(StorageError) -> [UInt8] {
      guard let bytes = files.bytes(at: path) else { throw .notFound }
      files.reads.withLock { $0[path, default: 0] += 1 }
      return bytes
    }

    func withExclusiveLock<Result>(_ body: () throws(DomainError) -> Result) throws(DomainError) -> Result {
      files.changeLock.lock()
      defer { files.changeLock.unlock() }
      return try body()
    }

    func replace(with bytes: [UInt8]) throws(StorageError) { files.write(bytes, at: path) }

    func create(with bytes: [UInt8]) throws(StorageError) {
      guard !exists() else { throw .alreadyExists }
      files.write(bytes, at: path)
    }
  }
}
