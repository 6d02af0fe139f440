import Data
import Domain
import Foundation
import OTP
import Testing

/// A storage whose replacement always fails the way a full disk does; reads, locks and
/// creation go to the wrapped in-memory file.
private struct FullDiskStorage: VaultStorage {
  let file: MemoryVaultStorage

  var location: String { file.location }

  func exists() -> Bool { file.exists() }

  func read() throws(StorageError) -> [UInt8] { try file.read() }

  func withExclusiveLock<Result>(
    _ body: () throws(DomainError) -> Result
  ) throws(DomainError) -> Result {
    try file.withExclusiveLock(body)
  }

  func replace(with bytes: [UInt8]) throws(StorageError) {
    throw .failed("cannot write memory: No space left on device")
  }

  func create(with bytes: [UInt8]) throws(StorageError) { try file.create(with: bytes) }
}

@Suite("A save that cannot complete")
struct StorageFailureTests {
  @Test("a full disk makes update throw .storage with the reason and leaves the stored bytes as they were")
  func fullDisk() throws {
    let file = MemoryVaultStorage()
    let storage = FullDiskStorage(file: file)
    try AegisVaultRepository.create(
      storage: storage, password: Array("pw".utf8), random: .secure, ids: .counting())
    let before = try #require(file.bytes)
    let writes = file.writes
    let repository = Vault.repository(storage, password: "pw")
    let add = AddAccount(repository: repository, ids: .counting("new"))
    let secret: [UInt8] = [0x48, 0x65, 0x6C, 0x6C, 0x6F]
    #expect(throws: DomainError.storage("cannot write memory: No space left on device")) {
      try add(NewAccount(issuer: "Full", name: "disk", otp: try OTPParameters(type: .totp, secret: secret)))
    }
    #expect(file.bytes == before)
    #expect(file.writes == writes)
    #expect(try repository.load().accounts.isEmpty)
  }

}
