import Data
import Domain
import Foundation
import Infrastructure
import OTP
import TestSupport
import Testing

@Suite("Concurrent changes")
struct ConcurrentUpdateTests {
  @Test("Two writers on one vault file each see the other's changes, so none is lost")
  func noLostUpdates() throws {
    let folder = try TemporaryDirectory()
    let path = folder.path("vault.json")
    let storage = FileVaultStorage(path: path, now: { 1_700_000_000 }, lockTimeout: 10, backupsKept: 2)
    try AegisVaultRepository.create(storage: storage, password: nil, random: .secure, ids: .counting())
    let group = DispatchGroup()
    for writer in ["a", "b"] {
      group.enter()
      Thread.detachNewThread {
        defer { group.leave() }
        let repository = Vault.repository(
          FileVaultStorage(path: path, now: { 1_700_000_000 }, lockTimeout: 10, backupsKept: 2),
          ids: .counting(writer))
        let add = AddAccount(repository: repository, ids: .counting(writer))
        for index in 0..<5 {
          _ = try? add(
            NewAccount(
              issuer: writer, name: "\(index)",
              otp: try! OTPParameters(type: .totp, secret: [UInt8(index) + 1])))
        }
      }
    }
    group.wait()
    let labels = try Vault.repository(storage).load().accounts.map(\.label)
    #expect(Set(labels) == Set(["a", "b"].flatMap { writer in (0..<5).map { "\(writer):\($0)" } }))
  }
}
