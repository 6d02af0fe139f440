import Domain
import OTP
import Synchronization
import Testing

/// `SyncVault` over in-memory ports: the versions two devices wrote apart, merged against the
/// versions this device kept (sync.md "Two writers: which base").
@Suite("SyncVault, several writers")
struct SyncVaultWritersTests {
  typealias S = MergeSample

  final class MemorySource: SyncSource, @unchecked Sendable {
    let location = "/share/shared.json"
    let isTwoWay = true
    let versions: [VaultContents]
    let written = Mutex<VaultContents?>(nil)
    init(_ versions: [VaultContents]) { self.versions = versions }
    func read() throws(DomainError) -> SyncSnapshot { SyncSnapshot(versions: versions) }
    func prepare(_ contents: VaultContents) throws(DomainError) -> SyncCommit {
      SyncCommit(commit: { [self] () throws(DomainError) in written.withLock { $0 = contents } }, discard: {})
    }
    func finish() throws(DomainError) {}
  }

  final class MemoryBases: SyncBaseStore, @unchecked Sendable {
    let kept = Mutex<VaultContents?>(nil)
    init(_ base: VaultContents?) { kept.withLock { $0 = base } }
    func base(of source: String) throws(DomainError) -> VaultContents? { kept.withLock { $0 } }
    func consumed(from source: String) -> String? { nil }
    func prepare(_ base: VaultContents, of source: any SyncSource, consumed: String?) throws(DomainError)
      -> SyncCommit
    {
      SyncCommit(commit: { [self] () throws(DomainError) in kept.withLock { $0 = base } }, discard: {})
    }
  }

  final class MemoryKept: KeptVersionStore, @unchecked Sendable {
    let versions = Mutex<[VersionLineage.ID: VaultContents]>([:])
    /// Ids listed as kept whose contents cannot be read.
    let damaged = Mutex<Set<VersionLineage.ID>>([])
    init(_ list: [VaultContents]) {
      versions.withLock { for version in list { $0[version.lineage!.id] = version } }
    }
    func keptIDs() -> Set<VersionLineage.ID> { Set(versions.withLock { $0.keys }) }
    func contents(of id: VersionLineage.ID) -> VaultContents? {
      damaged.withLock { $0.contains(id) } ? nil : versions.withLock { $0[id] }
    }
    func keep(_ version: VaultContents, parent: VaultContents?) throws(DomainError) {
      versions.withLock { $0[version.lineage!.id] = version }
    }
  }

  static func id(_ text: String) -> VersionLineage.ID { VersionLineage.ID(text)! }

  static func version(_ accounts: [Account], _ id: String, _ ancestors: String...) -> VaultContents {
    var contents = S.vault(accounts)
    contents.lineage = VersionLineage(id: Self.id(id), ancestors: ancestors.map(Self.id))
    return contents
  }

  static let common = S.totp("common", issuer: "Common")
  static let onlyA = S.totp("only-a", issuer: "OnlyA", secret: S.secrets[1])
  static let onlyB = S.totp("only-b", issuer: "OnlyB", secret: S.secrets[2])

  func sync(ours: VaultContents, versions: [VaultContents], base: VaultContents?, kept: [VaultContents])
    throws -> (VaultContents, VaultContents?, [SyncVault.SourceReport], MemoryKept)
  {
    let repository = InMemoryVaultRepository(ours)
    let source = MemorySource(versions)
    let store = MemoryKept(kept)
    let sync = SyncVault(
      repository: repository, bases: MemoryBases(base), kept: store, ids: .counting("new"),
      vault: "/vault.json")
    let reports = try sync([source], dryRun: false)
    return (try repository.load(), source.written.withLock { $0 }, reports, store)
  }

  @Test("the version that won Syncthing's race is merged against the common ancestor: our new account stays")
  func twoWriters() throws {
    let s0 = Self.version([Self.common], "s0")
    let x = Self.version([Self.common, Self.onlyA], "x", "a1", "s0")
    let y = Self.version([Self.common, Self.onlyB], "y", "b1", "s0")
    // Our last sync wrote x, so x is the source's base: merged against it, y would delete OnlyA.
    let (result, written, reports, store) = try sync(ours: x, versions: [y, x], base: x, kept: [s0, x])
    #expect(result.accounts.map(\.issuer) == ["Common", "OnlyA", "OnlyB"])
    #expect(written == result, "the shared file gets the same version")
    #expect(reports[0].report.conflicts == 0)
    #expect(reports[0].report.local == .init(added: 1))
    let lineage = try #require(result.lineage)
    #expect(lineage.id == Self.id("new-1"))
    #expect(Array(lineage.ancestors.prefix(2)) == [Self.id("x"), Self.id("y")])
    #expect(store.keptIDs().isSuperset(of: [Self.id("y"), lineage.id]), "what was read and written is kept")
  }

  @Test("without kept versions the old rule holds: merged against the source's base")
  func withoutKept() throws {
    let x = Self.version([Self.common, Self.onlyA], "x", "a1", "s0")
    let y = Self.version([Self.common, Self.onlyB], "y", "b1", "s0")
    let (result, _, _, _) = try sync(ours: x, versions: [y], base: x, kept: [])
    #expect(result.accounts.map(\.issuer) == ["Common", "OnlyB"], "errs as before: the base is all it has")
  }

  @Test("a stale id (the kept contents differ) is merged against the source's base, never skipped")
  func staleID() throws {
    let s1 = Self.version([Self.common], "s1", "s0")
    let ours = Self.version([Self.common], "s2", "s1", "s0")
    var edited = Self.version([Self.common, Self.onlyB], "s1", "s0")
    edited.accounts[0].note = "edited elsewhere"
    let (result, _, reports, _) = try sync(ours: ours, versions: [edited], base: s1, kept: [s1])
    #expect(result.accounts.map(\.issuer) == ["Common", "OnlyB"])
    #expect(result.accounts[0].note == "edited elsewhere")
    #expect(
      reports[0].warnings == [
        "1 version changed by another program since Twofold wrote it: merged against an older base, which can bring back a deleted entry"
      ])
    #expect(reports[0].notes.isEmpty)
  }

  @Test("versions whose twofold_sync cannot be read are merged against the source's base, with one warning")
  func malformedLineage() throws {
    var first = S.vault([Self.common, Self.onlyB])
    first.preserved = [PreservedField(key: VersionLineage.field, raw: #"{"id": 7}"#)]
    var second = S.vault([Self.common, Self.onlyA])
    second.preserved = [PreservedField(key: VersionLineage.field, raw: #"{"id": "a", "ancestors": ["a"]}"#)]
    let ours = Self.version([Self.common], "s1", "s0")
    let (result, _, reports, _) = try sync(ours: ours, versions: [first, second], base: ours, kept: [ours])
    #expect(result.accounts.map(\.issuer) == ["Common", "OnlyB", "OnlyA"])
    #expect(
      reports.flatMap(\.warnings) == [
        "2 versions with a twofold_sync record that cannot be read: merged against an older base, which can bring back a deleted entry"
      ])
  }

  @Test("a damaged kept ancestor is passed over for an older one, with one warning")
  func damagedKept() throws {
    let s0 = Self.version([Self.common], "s0")
    let s1 = Self.version([Self.common, Self.onlyA], "s1", "s0")
    let ours = Self.version([Self.common, Self.onlyA], "x", "s1", "s0")
    let theirs = Self.version([Self.common], "y", "s1", "s0")
    let store = MemoryKept([s0, s1])
    store.damaged.withLock { $0 = [Self.id("s1")] }
    let sync = SyncVault(
      repository: InMemoryVaultRepository(ours), bases: MemoryBases(nil), kept: store, ids: .counting("new"),
      vault: "/vault.json")
    let reports = try sync([MemorySource([theirs])], dryRun: true)
    #expect(reports[0].report.local == .init(), "against s0 OnlyA is ours's own addition, so it stays")
    #expect(
      reports[0].warnings == [
        "1 kept version damaged: merged against an older base, which can bring back a deleted entry"
      ])
  }

  @Test("a version already in our ancestry adds nothing and writes nothing when the entries agree")
  func included() throws {
    let s1 = Self.version([Self.common], "s1", "s0")
    let ours = Self.version([Self.common], "s2", "s1", "s0")
    let (result, written, reports, _) = try sync(ours: ours, versions: [ours], base: s1, kept: [s1, ours])
    #expect(result == ours)
    #expect(written == nil)
    #expect(reports[0].report.isEmpty)
  }

  @Test("order is no change: a shared version holding our entries in another order is not written back")
  func orderIsNoChange() throws {
    let s0 = Self.version([Self.common], "s0")
    let ours = Self.version([Self.common, Self.onlyB], "b1", "s0")
    let theirs = Self.version([Self.common, Self.onlyA, Self.onlyB], "a2", "a1", "b1", "s0")
    let (result, written, reports, _) = try sync(ours: ours, versions: [theirs], base: s0, kept: [s0, ours])
    #expect(written == nil, "the shared file holds the same entries: not rewritten")
    // Not its id with our order (issue 31): an id names one version's contents exactly, so a
    // kept version rebuilt later is what the file held.
    #expect(result == theirs, "the vault takes the shared file's version whole, its order too")
    #expect(reports[0].report.local == .init(added: 1))
    #expect(reports[0].report.remote == .init())

    // Converged: syncing the same shared version again changes nothing anywhere.
    let (again, rewritten, _, _) = try sync(
      ours: result, versions: [theirs], base: theirs, kept: [s0, theirs])
    #expect(again == result)
    #expect(rewritten == nil)
  }

  @Test(
    "contents holding the same accounts and groups in another order hold the same; any other difference does not"
  )
  func holdsSameIgnoresOrder() {
    let first = S.vault([Self.common, Self.onlyA, Self.onlyB])
    var reordered = S.vault([Self.onlyB, Self.common, Self.onlyA])
    reordered.lineage = VersionLineage(id: Self.id("other"), ancestors: [])
    #expect(first.holdsSame(as: reordered))
    var edited = reordered
    edited.accounts[0].note = "changed"
    #expect(!first.holdsSame(as: edited))
    #expect(!first.holdsSame(as: S.vault([Self.common, Self.onlyA])))
    #expect(!first.holdsSame(as: S.vault([Self.common, Self.onlyA, Self.onlyA])))
  }

  @Test("groups compare by name: one name under two devices' UUIDs holds the same; another name does not")
  func holdsSameComparesGroupsByName() {
    var first = S.vault([S.totp("a", groups: ["Work"])], groups: ["Work"])
    var second = first
    second.groups = [AccountGroup(id: AccountGroup.ID("other-uuid"), name: "Work")]
    second.accounts[0].groups = [AccountGroup.ID("other-uuid")]
    #expect(first.holdsSame(as: second))
    #expect(second.holdsSame(as: first))
    var renamed = second
    renamed.groups[0].name = "Home"
    #expect(!first.holdsSame(as: renamed))
    var moved = second
    moved.accounts[0].groups = []
    #expect(!first.holdsSame(as: moved))
    first.groups.append(AccountGroup(id: AccountGroup.ID("unused"), name: "Unused"))
    #expect(!first.holdsSame(as: second), "a group name no entry uses is still a difference")
  }

  @Test("a conflict our value won is a new version descending from theirs, so the other device takes it")
  func conflictWonIsNewVersion() throws {
    let s0 = Self.version([S.totp("x", note: "")], "s0")
    let ours = Self.version([S.totp("x", note: "ours")], "b1", "s0")
    let theirs = Self.version([S.totp("x", note: "theirs")], "a1", "s0")
    let (result, written, reports, _) = try sync(ours: ours, versions: [theirs], base: s0, kept: [s0, ours])
    #expect(result.accounts[0].note == "ours")
    #expect(reports[0].report.conflicts == 1)
    #expect(result.lineage?.id != ours.lineage?.id, "not ours again: the other device would keep its value")
    #expect(result.lineage?.includes(Self.id("a1")) == true)
    #expect(
      result.lineage?.resolved == [.init(account: Account.ID("x"), field: .note, lost: Self.id("a1"))],
      "the new version records whose value lost")
    #expect(written == result)

    // The other device: the written version descends from its own, so it takes it, no conflict.
    let repository = InMemoryVaultRepository(theirs)
    let source = MemorySource([result])
    let otherSync = SyncVault(
      repository: repository, bases: MemoryBases(s0), kept: MemoryKept([s0, theirs]), ids: .counting("other"),
      vault: "/vault.json")
    let otherReports = try otherSync([source], dryRun: false)
    #expect(try repository.load() == result)
    #expect(source.written.withLock { $0 } == nil)
    // The device whose value lost is told, not only the one that merged first (issue 31).
    #expect(otherReports[0].report.conflicts == 1)
    #expect(
      otherReports[0].report.changes.contains(
        .conflict(label: "Example:alice", field: .note, resolution: .theirsKept)))

    // A later edit on top of the result records nothing, so a third sync tells nothing again.
    var later = result
    later.accounts[0].note = "later"
    later.lineage = .written(Self.id("b2"), replacing: result.lineage)
    #expect(later.lineage?.resolved == [])
    let again = try SyncVault(
      repository: repository, bases: MemoryBases(s0), kept: MemoryKept([s0, theirs, result]),
      ids: .counting("third"), vault: "/vault.json")([MemorySource([later])], dryRun: false)
    #expect(again[0].report.conflicts == 0)
  }

  @Test("a shared file carrying our id with other contents is merged, even when our kept copy is damaged")
  func sameIDOtherContents() throws {
    let s0 = Self.version([Self.common], "s0")
    let ours = Self.version([Self.common], "s1", "s0")
    // Another program added an account and kept the twofold_sync field.
    let theirs = Self.version([Self.common, Self.onlyA], "s1", "s0")
    let repository = InMemoryVaultRepository(ours)
    let store = MemoryKept([s0, ours])
    store.damaged.withLock { $0 = [Self.id("s1")] }
    let sync = SyncVault(
      repository: repository, bases: MemoryBases(s0), kept: store, ids: .counting("new"), vault: "/vault.json"
    )
    _ = try sync([MemorySource([theirs])], dryRun: false)
    #expect(try repository.load().accounts.map(\.issuer) == ["Common", "OnlyA"])
    #expect(try repository.load().lineage?.id != Self.id("s1"), "new contents never under an old id")
  }
}
