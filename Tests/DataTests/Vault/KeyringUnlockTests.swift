import Crypto
import Data
import Domain
import Synchronization
import Testing

@Suite("The vault key from the keyring, before the password")
struct KeyringUnlockTests {
  static let password = "keyring test"
  static let vaultPath = "/home/me/.local/share/twofold/vault.json"

  /// A new encrypted vault (its one slot is `slot-1`) and its master key.
  static func vault() throws -> (storage: MemoryVaultStorage, key: [UInt8]) {
    let storage = MemoryVaultStorage()
    try AegisVaultRepository.create(
      storage: storage, password: Array(password.utf8), random: .secure, ids: .counting("slot"))
    let opened = Vault.repository(storage, password: password)
    _ = try opened.load()
    let key = try #require(opened.heldKey()).key.withUnsafeBytes { Array($0) }
    return (storage, key)
  }

  /// What one opening did: how often the password was asked, the warnings, whether the
  /// keyring's key opened the vault.
  struct Opening {
    var error: DomainError?
    var passwordAsked = 0
    var warnings: [String] = []
    var openedByKeyring = false
    var repository: AegisVaultRepository
  }

  static func open(
    _ storage: MemoryVaultStorage, keyring: MemoryKeyring, password: String = password
  ) -> Opening {
    let asked = Atomic(0)
    let warnings = Mutex<[String]>([])
    let unlock = KeyringUnlock(keyring: keyring, vault: vaultPath) { line in
      warnings.withLock { $0.append(line) }
    }
    let bytes = Array(password.utf8)
    let repository = AegisVaultRepository(
      storage: storage,
      password: { () throws(DomainError) in
        asked.add(1, ordering: .relaxed)
        return bytes
      }, random: .secure, ids: .counting(), keyring: unlock)
    var failure: DomainError?
    do throws(DomainError) { _ = try repository.load() } catch { failure = error }
    return Opening(
      error: failure, passwordAsked: asked.load(ordering: .relaxed), warnings: warnings.withLock { $0 },
      openedByKeyring: unlock.openedVault, repository: repository)
  }

  @Test("The keyring's key that opens the vault is used: no password is asked, nothing is written")
  func fittingKeyOpens() throws {
    let (storage, key) = try Self.vault()
    let before = storage.bytes
    let keyring = MemoryKeyring(.item(key: key, slot: "slot-1"))
    let opening = Self.open(storage, keyring: keyring)
    #expect(opening.error == nil)
    #expect(opening.passwordAsked == 0)
    #expect(opening.warnings.isEmpty)
    #expect(opening.openedByKeyring)
    #expect(keyring.stored.isEmpty)
    #expect(storage.bytes == before)
    #expect(opening.repository.heldKeyAndSlot()?.slot == "slot-1")
  }

  @Test(
    "Without a usable item the password is asked as before, with the keyring's own warning where there is one",
    arguments: [
      (MemoryKeyring.Holding.absent, nil),
      (.locked, nil),
      (.unavailable, nil),
      (.damaged, "damaged (the key is 5 bytes, not 32): it was not used; run 'twofold keyring enable'"),
      (.slow, "was not used: the login keyring did not answer within 2 s"),
      (.several, "holds 2 items for \(vaultPath): none was used; run 'twofold keyring enable' to keep one"),
    ] as [(MemoryKeyring.Holding, String?)])
  func unusableItemFallsThrough(holding: MemoryKeyring.Holding, warning: String?) throws {
    let (storage, _) = try Self.vault()
    let before = storage.bytes
    let keyring = MemoryKeyring(holding)
    let opening = Self.open(storage, keyring: keyring)
    #expect(opening.error == nil)
    #expect(opening.passwordAsked == 1)
    #expect(!opening.openedByKeyring)
    #expect(keyring.stored.isEmpty)
    #expect(storage.bytes == before)
    if let warning {
      #expect(opening.warnings.count == 1)
      #expect(opening.warnings.first?.hasPrefix("warning: the login keyring") == true)
      #expect(opening.warnings.first?.contains(warning) == true)
    } else {
      #expect(opening.warnings.isEmpty)
    }
  }

  @Test(
    "A key that no longer opens the vault (re-keyed elsewhere) is replaced after the password, with one warning",
    arguments: [
      ("another vault's key", "slot-1"),
      ("the right key for a slot the vault no longer has", "slot-gone"),
    ])
  func staleKeyIsReplaced(what: String, slot: String) throws {
    let (storage, key) = try Self.vault()
    let before = storage.bytes
    let stored = slot == "slot-1" ? try Self.vault().key : key
    let keyring = MemoryKeyring(.item(key: stored, slot: slot))
    let opening = Self.open(storage, keyring: keyring)
    #expect(opening.error == nil)
    #expect(opening.passwordAsked == 1)
    #expect(!opening.openedByKeyring)
    #expect(keyring.stored.map(\.slot) == ["slot-1"])
    #expect(keyring.stored.map(\.key) == [key])
    #expect(keyring.stored.map(\.vault) == [Self.vaultPath])
    #expect(opening.warnings.count == 1)
    #expect(opening.warnings.first?.hasPrefix("warning: the login keyring's key no longer opened") == true)
    #expect(storage.bytes == before)
  }

  @Test("A stale key and a wrong password: the item stays, no warning, the wrong password fails")
  func staleKeyWrongPassword() throws {
    let (storage, _) = try Self.vault()
    let other = try Self.vault().key
    let keyring = MemoryKeyring(.item(key: other, slot: "slot-1"))
    let opening = Self.open(storage, keyring: keyring, password: "not it")
    #expect(opening.error == .wrongPassword)
    #expect(keyring.stored.isEmpty)
    #expect(opening.warnings.isEmpty)
  }

  @Test("The keyring is asked once per repository, however often the vault is read")
  func askedOnce() throws {
    let (storage, key) = try Self.vault()
    let keyring = MemoryKeyring(.item(key: key, slot: "slot-1"))
    let opening = Self.open(storage, keyring: keyring)
    _ = try opening.repository.load()
    _ = try opening.repository.load()
    #expect(keyring.lookups == 1)
  }

  @Test("Changes saved with the keyring's key keep the slots, so the password still opens the vault")
  func savesWithKeyringKey() throws {
    let (storage, key) = try Self.vault()
    let keyring = MemoryKeyring(.item(key: key, slot: "slot-1"))
    let opening = Self.open(storage, keyring: keyring)
    try opening.repository.update { (contents: inout VaultContents) throws(DomainError) in
      contents.groups.append(AccountGroup(id: AccountGroup.ID("g"), name: "Work"))
    }
    let reopened = Vault.repository(storage, password: Self.password)
    #expect(try reopened.load().groups.map(\.name) == ["Work"])
  }
}
