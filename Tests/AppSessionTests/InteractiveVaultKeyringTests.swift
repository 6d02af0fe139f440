import Agent
import AppSession
import Crypto
import Data
import Domain
import Infrastructure
import Synchronization
import TestSupport
import Testing

/// The full-screen app and the window open the vault through `InteractiveVault`: the agent, then
/// the login keyring, then the password typed on their unlock screen.
@Suite("The front ends' unlock with the login keyring")
struct InteractiveVaultKeyringTests {
  static let password = Array("front end password".utf8)

  /// A keyring in memory that answers one thing and records what is stored.
  final class FakeKeyring: VaultKeyring {
    enum Holding: Sendable {
      case key([UInt8], slot: String)
      case absent, locked, unavailable
    }

    private let state: Mutex<(holding: Holding, stored: [(slot: String, key: [UInt8])])>

    init(_ holding: Holding) { state = Mutex((holding, [])) }

    var stored: [(slot: String, key: [UInt8])] { state.withLock { $0.stored } }

    func lookup(vault: String) -> KeyringLookup {
      switch state.withLock({ $0.holding }) {
      case .key(var key, let slot): .found(key: SecretBytes(wiping: &key), slot: slot)
      case .absent: .absent
      case .locked: .locked
      case .unavailable: .unavailable("no Secret Service")
      }
    }

    func store(vault: String, slot: String, key: SecretBytes) throws(KeyringFailure) {
      let bytes = key.withUnsafeBytes { Array($0) }
      state.withLock { $0.stored.append((slot, bytes)) }
    }

    func remove(vault: String) throws(KeyringFailure) -> Bool { false }
  }

  /// The warning lines a front end was given.
  final class Warnings: Sendable {
    let lines = Mutex<[String]>([])
  }

  /// An encrypted vault in a folder of its own (its one slot is `slot-1`) and its master key.
  static func vault() throws -> (folder: TemporaryDirectory, path: String, key: [UInt8]) {
    let folder = try TemporaryDirectory()
    let path = folder.path("vault.json")
    let storage = FileVaultStorage(path: path, now: { 0 })
    try AegisVaultRepository.create(
      storage: storage, password: password, random: .secure, ids: .counting("slot"))
    let opened = AegisVaultRepository(
      storage: storage, password: { () throws(DomainError) in password }, random: .secure, ids: .counting())
    _ = try opened.load()
    return (folder, path, try #require(opened.heldKey()).key.withUnsafeBytes { Array($0) })
  }

  static func front(_ path: String, keyring: FakeKeyring?, warnings: Warnings) -> InteractiveVault {
    InteractiveVault(
      path: path, agent: AgentAccess(disabled: true, variables: [:]), now: { 0 }, ids: .counting(),
      keyring: keyring, warn: { line in warnings.lines.withLock { $0.append(line) } })
  }

  @Test("The keyring's key opens the vault without the unlock screen")
  func keyringOpens() throws {
    let (folder, path, key) = try Self.vault()
    let warnings = Warnings()
    let vault = Self.front(path, keyring: FakeKeyring(.key(key, slot: "slot-1")), warnings: warnings)
    let opened = try #require(try vault.openWithoutPassword())
    guard case .throughAgent(let services) = opened else {
      Issue.record("opened as an unencrypted vault")
      return
    }
    #expect(try services.load().accounts.isEmpty)
    #expect(warnings.lines.withLock { $0 }.isEmpty)
    _ = folder
  }

  @Test(
    "Without a usable key (none, locked, no service, no keyring at all) the unlock screen shows",
    arguments: [FakeKeyring.Holding.absent, .locked, .unavailable, nil] as [FakeKeyring.Holding?])
  func unlockScreen(holding: FakeKeyring.Holding?) throws {
    let (folder, path, _) = try Self.vault()
    let warnings = Warnings()
    let vault = Self.front(path, keyring: holding.map(FakeKeyring.init), warnings: warnings)
    #expect(try vault.openWithoutPassword() == nil)
    _ = try vault.unlock(password: Self.password, handOver: false)
    #expect(warnings.lines.withLock { $0 }.isEmpty)
    _ = folder
  }

  @Test("A stale key: the unlock screen, then the typed password replaces the item, with one warning")
  func staleKeyReplacedAfterTypedPassword() throws {
    let (folder, path, key) = try Self.vault()
    let (otherFolder, _, otherKey) = try Self.vault()
    let keyring = FakeKeyring(.key(otherKey, slot: "slot-1"))
    let warnings = Warnings()
    let vault = Self.front(path, keyring: keyring, warnings: warnings)
    #expect(try vault.openWithoutPassword() == nil)
    #expect(keyring.stored.isEmpty)
    _ = try vault.unlock(password: Self.password, handOver: false)
    #expect(keyring.stored.map(\.key) == [key])
    #expect(keyring.stored.map(\.slot) == ["slot-1"])
    #expect(warnings.lines.withLock { $0 }.count == 1)
    _ = (folder, otherFolder)
  }
}
