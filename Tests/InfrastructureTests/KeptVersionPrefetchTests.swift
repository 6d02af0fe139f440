import Data
import Domain
import Infrastructure
import OTP
import TestSupport
import Testing

/// Work a sync begins ahead on the kept versions (checks and fingerprints beside the merge)
/// changes none of the store's answers.
@Suite("Kept versions: work begun ahead")
struct KeptVersionPrefetchTests {
  /// A new encrypted vault in `folder`, opened: what the kept versions are sealed like.
  static func sealed(in folder: TemporaryDirectory) throws -> SealedVault {
    let storage = FileVaultStorage(path: folder.path("vault.json"), now: { 0 })
    try AegisVaultRepository.create(
      storage: storage, password: Array("kept".utf8), random: .secure, ids: .counting())
    let repository = AegisVaultRepository(
      storage: storage, password: { () throws(DomainError) in Array("kept".utf8) }, random: .secure,
      ids: .counting())
    return try #require(try repository.sealed())
  }

  static func version(_ id: String, notes: [String]) -> VaultContents {
    let accounts = notes.enumerated().map { index, note in
      Account(
        id: Account.ID("a\(index)"), issuer: "Issuer \(index)", name: "n\(index)",
        otp: try! OTPParameters(type: .totp, secret: Array("secret \(index)".utf8)), note: note)
    }
    var contents = VaultContents(accounts: accounts)
    contents.lineage = .first(VersionLineage.ID(id)!)
    return contents
  }

  static func store(_ folder: TemporaryDirectory, _ vault: SealedVault) -> KeptVersionFiles {
    KeptVersionFiles(
      stateFolder: folder.path("state"), vault: vault, random: .secure, ids: .counting(), now: { 1_000 })
  }

  @Test("a version kept after its fingerprint was begun ahead is rebuilt and checked by a new store")
  func fingerprintAhead() throws {
    let folder = try TemporaryDirectory()
    let vault = try Self.sealed(in: folder)
    let first = Self.version("v1", notes: ["a", "b", "c"])
    let second = Self.version("v2", notes: ["a", "B", "c", "d"])
    let store = Self.store(folder, vault)
    try store.keep(first, parent: nil)
    store.prefetch([first, second])
    #expect(store.holds(VersionLineage.ID("v1")!, sameAs: first) == true)
    try store.keep(second, parent: first)
    #expect(Self.store(folder, vault).contents(of: VersionLineage.ID("v2")!) == second)
  }

  @Test("a version kept with other contents than the one begun ahead gets its own fingerprint")
  func otherContents() throws {
    let folder = try TemporaryDirectory()
    let vault = try Self.sealed(in: folder)
    let store = Self.store(folder, vault)
    store.prefetch([Self.version("v1", notes: ["read"])])
    let written = Self.version("v1", notes: ["written"])
    try store.keep(written, parent: nil)
    #expect(Self.store(folder, vault).contents(of: VersionLineage.ID("v1")!) == written)
  }

  @Test("a kept version checked ahead against other contents is not the same")
  func staleAhead() throws {
    let folder = try TemporaryDirectory()
    let vault = try Self.sealed(in: folder)
    let store = Self.store(folder, vault)
    try store.keep(Self.version("v1", notes: ["kept"]), parent: nil)
    let edited = Self.version("v1", notes: ["edited elsewhere"])
    store.prefetch([edited])
    #expect(store.holds(VersionLineage.ID("v1")!, sameAs: edited) == false)
    #expect(store.holds(VersionLineage.ID("v1")!, sameAs: Self.version("v1", notes: ["kept"])) == true)
  }
}
