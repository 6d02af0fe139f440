import Domain
import Synchronization
import Testing

/// `SyncVault` over in-memory ports that fail at a chosen step: what a sync leaves behind when
/// a source, a base or a write fails (sync.md: anything that fails before the vault is saved
/// changes nothing anywhere; after it, the next sync completes the work).
@Suite("SyncVault, a failure at each step")
struct SyncVaultFailureTests {
  typealias S = MergeSample

  /// Where the ports fail.
  enum Step: String, Sendable {
    case sourceRead, baseRead, sourcePrepare, basePrepare, sourceCommit, baseCommit, finish
  }

  /// What the ports saw, in order.
  final class Record: Sendable {
    let events = Mutex<[String]>([])
    func add(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
  }

  static let shared = "/share/shared.json"
  static let vault = "/vault.json"

  static func failing(_ step: Step, at failing: Step?) throws(DomainError) {
    if step == failing { throw .storage("\(step.rawValue) failed") }
  }

  final class Source: SyncSource, Sendable {
    let location = SyncVaultFailureTests.shared
    let isTwoWay = true
    let versions: [VaultContents]
    let failing: Step?
    let record: Record

    init(_ versions: [VaultContents], failing: Step?, record: Record) {
      self.versions = versions
      self.failing = failing
      self.record = record
    }

    func read() throws(DomainError) -> SyncSnapshot {
      try SyncVaultFailureTests.failing(.sourceRead, at: failing)
      return SyncSnapshot(versions: versions)
    }

    func prepare(_ contents: VaultContents) throws(DomainError) -> SyncCommit {
      try SyncVaultFailureTests.failing(.sourcePrepare, at: failing)
      let (failing, record) = (self.failing, self.record)
      return SyncCommit(
        commit: { () throws(DomainError) in
          try SyncVaultFailureTests.failing(.sourceCommit, at: failing)
          record.add("source written")
        }, discard: { record.add("source discarded") })
    }

    func finish() throws(DomainError) {
      try SyncVaultFailureTests.failing(.finish, at: failing)
      record.add("source finished")
    }
  }

  final class Bases: SyncBaseStore, Sendable {
    let base: VaultContents
    let failing: Step?
    let record: Record

    init(_ base: VaultContents, failing: Step?, record: Record) {
      self.base = base
      self.failing = failing
      self.record = record
    }

    func base(of source: String) throws(DomainError) -> VaultContents? {
      try SyncVaultFailureTests.failing(.baseRead, at: failing)
      return base
    }

    func consumed(from source: String) -> String? { nil }

    func prepare(_ base: VaultContents, of source: any SyncSource, consumed: String?) throws(DomainError)
      -> SyncCommit
    {
      try SyncVaultFailureTests.failing(.basePrepare, at: failing)
      let (failing, record) = (self.failing, self.record)
      return SyncCommit(
        commit: { () throws(DomainError) in
          try SyncVaultFailureTests.failing(.baseCommit, at: failing)
          record.add("base kept")
        }, discard: { record.add("base discarded") })
    }
  }

  /// A failing step, who the failure names, whether the vault was saved, and what the ports saw.
  struct Row: Sendable, CustomTestStringConvertible {
    let failing: Step?
    let named: String?
    let saved: Bool
    let events: [String]

    var testDescription: String { failing.map { "fails at \($0.rawValue)" } ?? "no failure" }
  }

  static let rows: [Row] = [
    Row(failing: nil, named: nil, saved: true, events: ["source written", "base kept", "source finished"]),
    Row(failing: .sourceRead, named: shared, saved: false, events: []),
    Row(failing: .baseRead, named: shared, saved: false, events: []),
    Row(failing: .sourcePrepare, named: shared, saved: false, events: []),
    Row(failing: .basePrepare, named: shared, saved: false, events: ["source discarded"]),
    Row(failing: .sourceCommit, named: vault, saved: true, events: []),
    Row(failing: .baseCommit, named: vault, saved: true, events: ["source written"]),
    Row(failing: .finish, named: shared, saved: true, events: ["source written", "base kept"]),
  ]

  @Test(
    "a failure before the vault is saved changes nothing; after, the vault holds the merge", arguments: rows)
  func failure(_ row: Row) throws {
    let common = S.totp("common", issuer: "Common")
    let ours = S.vault([common, S.totp("ours", issuer: "Ours", secret: S.secrets[1])])
    let theirs = S.vault([common, S.totp("theirs", issuer: "Theirs", secret: S.secrets[2])])
    let repository = InMemoryVaultRepository(ours)
    let record = Record()
    let sync = SyncVault(
      repository: repository, bases: Bases(S.vault([common]), failing: row.failing, record: record),
      ids: .counting("new"), vault: Self.vault)
    let source = Source([theirs], failing: row.failing, record: record)

    var failure: SyncVault.Failure?
    do throws(SyncVault.Failure) {
      let reports = try sync([source], dryRun: false)
      #expect(reports.map(\.source) == [Self.shared])
    } catch {
      failure = error
    }

    #expect(failure?.source == row.named)
    if let step = row.failing { #expect(failure?.error == .storage("\(step.rawValue) failed")) }
    let issuers = try repository.load().accounts.map(\.issuer).sorted()
    #expect(issuers == (row.saved ? ["Common", "Ours", "Theirs"] : ["Common", "Ours"]))
    #expect(record.all == row.events)
  }

  @Test("a dry run reads and merges but writes nothing, not even the bases")
  func dryRun() throws {
    let common = S.totp("common", issuer: "Common")
    let ours = S.vault([common])
    let theirs = S.vault([common, S.totp("theirs", issuer: "Theirs", secret: S.secrets[2])])
    let repository = InMemoryVaultRepository(ours)
    let record = Record()
    let sync = SyncVault(
      repository: repository, bases: Bases(S.vault([common]), failing: nil, record: record),
      ids: .counting("new"), vault: Self.vault)
    let reports = try sync([Source([theirs], failing: nil, record: record)], dryRun: true)
    #expect(reports.map(\.source) == [Self.shared])
    #expect(try repository.load() == ours)
    #expect(record.all.isEmpty)
  }
}
