import Crypto
import Data
import Domain
import Testing

@testable import Agent

/// One held vault: its lease, and the contents it decrypts once per version of the file.
@Suite("held vault")
struct HeldVaultTests {
  static func held(_ files: MemoryVaultFiles, idle: Int64 = 60, max: Int64 = 600) -> HeldVault {
    files.write(InProcessAgent.sealed.bytes, at: InProcessAgent.vault)
    var key = InProcessAgent.sealed.key
    let repository = AegisVaultRepository(
      storage: files.storage(InProcessAgent.vault), masterKey: SecretBytes(wiping: &key), slotIndex: 0,
      random: .secure, ids: .counting())
    return HeldVault(
      path: InProcessAgent.vault, repository: repository, lease: KeyLease(at: 0, idle: idle, max: max),
      identity: files.identity)
  }

  @Test(
    "a use inside the lease is recorded and restarts the idle time; one after it is refused",
    arguments: [(at: Int64(59_999), used: true, idleLeft: Int64(60)), (60_000, false, 0), (0, true, 60)])
  func use(at time: Int64, used: Bool, idleLeft: Int64) {
    let vault = Self.held(MemoryVaultFiles())
    #expect(vault.use(at: time) == used)
    #expect(vault.isExpired(at: time) == !used)
    #expect(vault.status(at: time).idleLeft == idleLeft)
  }

  @Test("the file is decrypted once per version: again after another write or an invalidation, not otherwise")
  func readsOncePerVersion() throws {
    let files = MemoryVaultFiles()
    let vault = Self.held(files)
    let path = InProcessAgent.vault
    _ = try vault.contents()
    let answer = try vault.withheldAnswer()
    _ = try vault.indexed()
    #expect(files.readCount(path) == 1)
    #expect(try vault.withheldAnswer() == answer)
    vault.invalidate()
    _ = try vault.contents()
    #expect(files.readCount(path) == 2)
    files.write(files.bytes(at: path)!, at: path)
    _ = try vault.contents()
    #expect(files.readCount(path) == 3)
  }

  @Test("a vault whose file is gone is missing, and what was cached is dropped")
  func missing() throws {
    let files = MemoryVaultFiles()
    let vault = Self.held(files)
    _ = try vault.contents()
    files.remove(InProcessAgent.vault)
    #expect(throws: DomainError.vaultMissing) { try vault.contents() }
  }
}
