import Codecs
import Crypto
import Domain
import Synchronization

/// The vault repository over an Aegis vault file: decrypts with the password once, keeps the
/// master key for later saves (in `SecretBytes`, wiped when the repository goes), and writes
/// every change under the storage's lock.
public final class AegisVaultRepository: VaultRepository, VaultCredentials, Sendable {
  /// Supplies the password when one is first needed (a prompt, a file, a variable).
  public typealias PasswordSource = @Sendable () throws(DomainError) -> [UInt8]

  private struct Unlocked {
    var masterKey: SecretBytes?
    var slotIndex: Int?
    /// The key slots when the key was last seen to open the file: when they change (a new
    /// password), the key is dropped and the password asked again.
    var slots: [JSONObject]?
  }

  private let storage: any VaultStorage
  private let password: PasswordSource
  private let random: RandomSource
  private let ids: IdentifierSource
  private let keeper: VersionKeeper?
  private let keyring: KeyringUnlock?
  private let unlocked = Mutex<Unlocked?>(nil)
  /// The contents last decoded and the SHA-256 of the file bytes they came from, when the
  /// repository was made to keep them: an update right after a read (a sync's write after its
  /// unlock) finds the same bytes and skips decrypting and decoding ten thousand entries again.
  private let decoded = Mutex<Decoded?>(nil)
  private let reusesDecoded: Bool

  private struct Decoded {
    var digest: [UInt8]
    var contents: VaultContents
  }

  /// A repository over `storage`; nothing is read until the first use. `keeper` keeps each
  /// version written (encrypted vaults only), for sync; `keyring`'s key, when it opens the
  /// vault, is used before the password is asked. With `reusesDecoded`, the contents last
  /// decoded are kept (in ordinary memory, until the repository goes) and reused while the file's
  /// bytes stay the same: for a command's short life, not for a process that keeps its secrets
  /// elsewhere (the agent).
  public init(
    storage: any VaultStorage, password: @escaping PasswordSource, random: RandomSource,
    ids: IdentifierSource,
    keeper: VersionKeeper? = nil, keyring: KeyringUnlock? = nil, reusesDecoded: Bool = false
  ) {
    self.reusesDecoded = reusesDecoded
    self.storage = storage
    self.password = password
    self.random = random
    self.ids = ids
    self.keeper = keeper
    self.keyring = keyring
  }

  /// A repository that already holds the master key (handed over by a process that unlocked
  /// the vault); with `password`, it asks again once the key no longer fits the file.
  public convenience init(
    storage: any VaultStorage, masterKey: SecretBytes, slotIndex: Int?, random: RandomSource,
    ids: IdentifierSource,
    password: @escaping PasswordSource = { () throws(DomainError) in throw .passwordRequired },
    keeper: VersionKeeper? = nil
  ) {
    self.init(storage: storage, password: password, random: random, ids: ids, keeper: keeper)
    unlocked.withLock { $0 = Unlocked(masterKey: masterKey, slotIndex: slotIndex, slots: nil) }
  }

  /// The master key and the index of the slot it was opened with, once the vault is unlocked:
  /// what a command hands to the agent. Nil for an unencrypted or not yet opened vault.
  public func heldKey() -> (key: SecretBytes, slot: Int?)? {
    unlocked.withLock { state in state?.masterKey.map { ($0, state?.slotIndex) } }
  }

  /// The master key and the uuid of the password slot it was opened with, once the vault is
  /// unlocked: what a keyring keeps. Nil for an unencrypted or not yet opened vault.
  public func heldKeyAndSlot() -> (key: SecretBytes, slot: String)? {
    unlocked.withLock { state in
      guard let key = state?.masterKey, let index = state?.slotIndex, let slots = state?.slots,
        slots.indices.contains(index), let uuid = slots[index]["uuid"]?.stringValue
      else { return nil }
      return (key, uuid)
    }
  }

  /// Creates a new vault: encrypted under `password` (scrypt N=2^15, r=8, p=1), or plain when nil.
  public static func create(
    storage: any VaultStorage, password: [UInt8]?, random: RandomSource, ids: IdentifierSource
  ) throws(DomainError) {
    let db = AegisDatabase.encode(VaultContents())
    var slots: [JSONObject] = []
    var masterKey: SecretBytes?
    if let password {
      let key = random.secretBytes(AESGCM.keySize)
      slots = [
        try PasswordSlot.make(uuid: ids.next(), masterKey: key, password: password, random: random).object
      ]
      masterKey = key
    }
    var bytes = try AegisVaultFile.write(
      db: db, slots: slots, masterKey: masterKey, outer: nil, random: random)
    defer { wipe(&bytes) }
    do throws(StorageError) {
      try storage.create(with: bytes)
    } catch {
      throw error.domainError
    }
  }

  /// Reads and decrypts the vault.
  public func load() throws(DomainError) -> VaultContents {
    try openDecoded().1
  }

  /// Reads the newest file under the lock, applies `change`, and saves with the same key slots.
  public func update<Result>(
    _ change: (inout VaultContents) throws(DomainError) -> Result
  ) throws(DomainError) -> Result {
    try storage.withExclusiveLock { () throws(DomainError) -> Result in
      let (file, loaded) = try openDecoded()
      var contents = loaded
      let result = try change(&contents)
      contents = contents.stamped(over: loaded, ids: ids)
      try save(contents, over: file)
      if let keeper, file.isEncrypted, let key = heldKey()?.key {
        keeper.keep(contents, loaded, SealedVault(file: file, masterKey: key, contents: loaded))
      }
      return result
    }
  }

  /// The vault as it is on disk now, opened with the held key (asking for the password when
  /// there is none yet): what a sync seals its bases with. Nil for an unencrypted vault.
  public func sealed() throws(DomainError) -> SealedVault? {
    let (file, contents) = try openDecoded()
    guard file.isEncrypted, let key = heldKey()?.key else { return nil }
    return SealedVault(file: file, masterKey: key, contents: contents)
  }

  /// Re-wraps the slot that opened the vault with `newPassword` (same uuid, new salt and nonce);
  /// an unencrypted vault becomes encrypted.
  public func changePassword(to newPassword: [UInt8]) throws(DomainError) {
    try storage.withExclusiveLock { () throws(DomainError) in
      let (file, db) = try open()
      let state = unlocked.withLock { $0 }
      var slots = file.slots
      let masterKey: SecretBytes
      var slotIndex = 0
      if let key = state?.masterKey, let index = state?.slotIndex {
        slotIndex = index
        masterKey = key
        let old = try PasswordSlot.read(slots[index], index: index)
        slots[index] = try PasswordSlot.make(
          uuid: old?.uuid ?? ids.next(), masterKey: key, password: newPassword, random: random,
          keeping: slots[index]
        ).object
      } else {
        masterKey = random.secretBytes(AESGCM.keySize)
        slots = [
          try PasswordSlot.make(uuid: ids.next(), masterKey: masterKey, password: newPassword, random: random)
            .object
        ]
      }
      var bytes = try AegisVaultFile.write(
        db: db, slots: slots, masterKey: masterKey, outer: file.outer, random: random)
      defer { wipe(&bytes) }
      try replace(with: bytes)
      let slotsNow = slots
      unlocked.withLock { $0 = Unlocked(masterKey: masterKey, slotIndex: slotIndex, slots: slotsNow) }
    }
  }

  /// A parsed vault file and the SHA-256 of its bytes when the repository reuses its decoded
  /// contents (empty otherwise).
  private struct FileRead {
    var file: AegisVaultFile
    var digest: [UInt8]
  }

  /// Reads and parses the file; its bytes are released on return, before any key derivation.
  private func readFile() throws(DomainError) -> FileRead {
    let bytes: [UInt8]
    do throws(StorageError) {
      bytes = try storage.read()
    } catch {
      throw error.domainError
    }
    return FileRead(file: try AegisVaultFile.read(bytes), digest: reusesDecoded ? Digest.sha256(bytes) : [])
  }

  /// The file and its decoded contents. When the file's bytes are those last decoded and the
  /// key that opened them is still held, those contents are returned without decrypting again.
  private func openDecoded() throws(DomainError) -> (AegisVaultFile, VaultContents) {
    let read = try readFile()
    let cached = decoded.withLock { reusesDecoded && $0?.digest == read.digest ? $0?.contents : nil }
    if let cached, !read.file.isEncrypted || heldKey(fitting: read.file) != nil {
      return (read.file, cached)
    }
    let (file, db, digest) = try open(consume read)
    let contents = try AegisDatabase.decode(db, ids: ids)
    if reusesDecoded { decoded.withLock { $0 = Decoded(digest: digest, contents: contents) } }
    return (file, contents)
  }

  /// The held key, when there is one and `file`'s slots are those it was last seen to open.
  private func heldKey(fitting file: AegisVaultFile) -> SecretBytes? {
    unlocked.withLock { state -> SecretBytes? in
      guard let state, let key = state.masterKey else { return nil }
      if let slots = state.slots, slots != file.slots { return nil }
      return key
    }
  }

  private func open() throws(DomainError) -> (AegisVaultFile, JSONObject) {
    let (file, db, _) = try open(try readFile())
    return (file, db)
  }

  /// Opens `read` with the held key, the keyring or the password: the file, its database and
  /// the digest of the bytes the database came from. `read` is consumed before the password is
  /// asked, so the sealed database is not in memory while scrypt's 32 MiB are.
  private func open(_ read: consuming FileRead) throws(DomainError) -> (AegisVaultFile, JSONObject, [UInt8]) {
    if let opened = try openWithoutPassword(read) { return opened }
    let slots = try read.file.passwordSlots()
    _ = consume read
    let result = try unlock(slots: slots)
    if let keyring, let held = heldKeyAndSlot() { keyring.passwordOpened(key: held.key, slot: held.slot) }
    return result
  }

  /// Opens `read` when it needs no password: an unencrypted file, the held key or the keyring's.
  private func openWithoutPassword(_ read: FileRead) throws(DomainError) -> (
    AegisVaultFile, JSONObject, [UInt8]
  )? {
    let file = read.file
    guard file.isEncrypted else {
      unlocked.withLock { $0 = Unlocked(masterKey: nil, slotIndex: nil, slots: nil) }
      return (file, try file.database(masterKey: nil), read.digest)
    }
    if let key = heldKey(fitting: file), let db = try? file.database(masterKey: key) {
      let slots = file.slots
      unlocked.withLock { $0?.slots = slots }
      return (file, db, read.digest)
    }
    unlocked.withLock { $0 = nil }
    if let keyring, let opened = keyring.open(file) {
      let slots = file.slots
      unlocked.withLock { $0 = Unlocked(masterKey: opened.key, slotIndex: opened.slot, slots: slots) }
      return (file, opened.db, read.digest)
    }
    return nil
  }

  /// Derives the key holding nothing of the file but its password slots (scrypt alone needs
  /// 32 MB), then reads the file again; if another process saved it in between and the key no
  /// longer opens it, the new file is unlocked afresh.
  private func unlock(slots: [(index: Int, slot: PasswordSlot)]) throws(DomainError) -> (
    AegisVaultFile, JSONObject, [UInt8]
  ) {
    var password = try self.password()
    defer { wipe(&password) }
    var (key, index) = try AegisVaultFile.unlock(slots, password: password)
    let read = try readFile()
    let (file, digest) = (read.file, read.digest)
    let db: JSONObject
    if let opened = try? file.database(masterKey: key) {
      db = opened
    } else {
      (key, index) = try file.unlock(password: password)
      db = try file.database(masterKey: key)
    }
    let opened = key
    let slots = file.slots
    unlocked.withLock { $0 = Unlocked(masterKey: opened, slotIndex: index, slots: slots) }
    return (file, db, digest)
  }

  private func save(_ contents: VaultContents, over file: AegisVaultFile) throws(DomainError) {
    let key = unlocked.withLock { $0?.masterKey }
    var bytes = try AegisVaultFile.write(
      contents: contents, slots: file.slots, masterKey: file.isEncrypted ? key : nil, outer: file.outer,
      random: random)
    defer { wipe(&bytes) }
    try replace(with: bytes)
  }

  private func replace(with bytes: [UInt8]) throws(DomainError) {
    do throws(StorageError) {
      try storage.replace(with: bytes)
    } catch {
      throw error.domainError
    }
  }
}
