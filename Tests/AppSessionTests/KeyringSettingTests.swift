import Agent
import AppSession
import Crypto
import Data
import Domain
import Infrastructure
import Presentation
import Synchronization
import TestSupport
import Testing

/// The window's "Unlock with the login keyring" goes through the same use case as `twofold
/// keyring enable|disable`: the key of the vault as opened, never a prompt for the keyring.
@Suite("Unlock with the login keyring as a setting")
struct KeyringSettingTests {
  /// A keyring in memory holding at most one item, locked when told.
  final class FakeKeyring: VaultKeyring {
    let state = Mutex((item: nil as (slot: String, key: [UInt8])?, locked: false))

    func lookup(vault: String) -> KeyringLookup {
      state.withLock { state in
        if state.locked { return .locked }
        guard var item = state.item?.key, let slot = state.item?.slot else { return .absent }
        return .found(key: SecretBytes(wiping: &item), slot: slot)
      }
    }

    func store(vault: String, slot: String, key: SecretBytes) throws(KeyringFailure) {
      let bytes = key.withUnsafeBytes { Array($0) }
      state.withLock { $0.item = (slot, bytes) }
    }

    func remove(vault: String) throws(KeyringFailure) -> Bool {
      state.withLock { state in
        defer { state.item = nil }
        return state.item != nil
      }
    }
  }

  static func front(_ path: String, keyring: FakeKeyring?) -> InteractiveVault {
    InteractiveVault(
      path: path, agent: AgentAccess(disabled: true, variables: [:]), now: { 0 }, ids: .counting(),
      keyring: keyring)
  }

  @Test("On keeps the key the password opened, off removes it; the vault file is unchanged")
  func onAndOff() throws {
    let (folder, path, key) = try InteractiveVaultKeyringTests.vault()
    let before = try FileVaultStorage(path: path, now: { 0 }).read()
    let keyring = FakeKeyring()
    let vault = Self.front(path, keyring: keyring)
    let port = vault.keyringPort
    #expect(port.status() == false)
    _ = try vault.unlock(password: InteractiveVaultKeyringTests.password, handOver: false)
    guard case .success = port.enable(nil) else {
      Issue.record("enable failed")
      return
    }
    #expect(keyring.state.withLock { $0.item?.slot } == "slot-1")
    #expect(keyring.state.withLock { $0.item?.key } == key)
    #expect(port.status() == true)
    guard case .success = port.disable() else {
      Issue.record("disable failed")
      return
    }
    #expect(port.status() == false)
    #expect(try FileVaultStorage(path: path, now: { 0 }).read() == before)
    _ = folder
  }

  @Test("A locked keyring is not changed: one line saying so")
  func locked() throws {
    let (folder, path, _) = try InteractiveVaultKeyringTests.vault()
    let keyring = FakeKeyring()
    keyring.state.withLock { $0.locked = true }
    let vault = Self.front(path, keyring: keyring)
    _ = try vault.unlock(password: InteractiveVaultKeyringTests.password, handOver: false)
    guard case .failure(let failure) = vault.keyringPort.enable(nil) else {
      Issue.record("a locked keyring took the key")
      return
    }
    #expect(failure.message == "The login keyring was not changed: \(KeyringFailure.locked.message).")
    #expect(keyring.state.withLock { $0.item == nil })
    _ = folder
  }

  @Test(
    "Not opened here (the agent keeps the secrets): the vault's password is needed, and a wrong one keeps nothing"
  )
  func notOpenNeedsThePassword() throws {
    let (folder, path, key) = try InteractiveVaultKeyringTests.vault()
    let keyring = FakeKeyring()
    let port = Self.front(path, keyring: keyring).keyringPort
    #expect(port.needsPassword())
    guard case .failure = port.enable(nil) else {
      Issue.record("enabled without a key")
      return
    }
    guard case .failure(let wrong) = port.enable(Array("not the password".utf8)) else {
      Issue.record("enabled with a wrong password")
      return
    }
    #expect(wrong.message == Messages.text(for: .wrongPassword))
    #expect(keyring.state.withLock { $0.item == nil })
    guard case .success = port.enable(InteractiveVaultKeyringTests.password) else {
      Issue.record("the vault's password did not keep the key")
      return
    }
    #expect(keyring.state.withLock { $0.item?.key } == key)
    #expect(keyring.state.withLock { $0.item?.slot } == "slot-1")
    _ = folder
  }

  @Test("Opened here: no password is needed")
  func openedHereNeedsNone() throws {
    let (folder, path, _) = try InteractiveVaultKeyringTests.vault()
    let vault = Self.front(path, keyring: FakeKeyring())
    _ = try vault.unlock(password: InteractiveVaultKeyringTests.password, handOver: false)
    #expect(!vault.keyringPort.needsPassword())
    _ = folder
  }

  @Test("A front end that leaves the keyring alone does not offer the setting")
  func noKeyring() throws {
    let (folder, path, _) = try InteractiveVaultKeyringTests.vault()
    #expect(Self.front(path, keyring: nil).keyringPort.status() == nil)
    _ = folder
  }
}
