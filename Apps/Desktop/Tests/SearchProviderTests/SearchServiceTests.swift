import Domain
import OTP
import SearchProvider
import Synchronization
import Testing

/// The search service over an in-memory vault: what it answers, what it copies, and that
/// listing never spends an HOTP code.
struct SearchServiceTests {
  /// What the ports saw.
  final class Seen: Sendable {
    let copied = Mutex<[String]>([])
    let notified = Mutex<[String]>([])
  }

  static let vault = VaultContents(accounts: [
    SearchResultsTests.account("t1", "GitHub", "octocat"),
    SearchResultsTests.account("h1", "Acme", "ops", type: .hotp),
  ])

  static func service(
    _ repository: any VaultRepository, seen: Seen, copyFails: Bool = false, noTool: Bool = false,
    hideCodes: Bool = false
  ) -> SearchService {
    SearchService(
      repository: { repository }, now: { 59 },
      copy: { (code) throws(DesktopError) in
        if copyFails { throw .toolFailed("wl-copy failed: no seat") }
        seen.copied.withLock { $0.append(code) }
      },
      notify: { summary, body in seen.notified.withLock { $0.append("\(summary) | \(body)") } },
      clipboardSeconds: 30, copyUnavailable: { noTool ? "no clipboard tool: install wl-clipboard" : nil },
      hideCodes: { hideCodes })
  }

  static func counter(_ repository: InMemoryVaultRepository) throws -> UInt64 {
    try repository.load().accounts.first { $0.id.rawValue == "h1" }!.otp.counter
  }

  @Test("Results, metas and matches answer while the vault is open; listing advances no counter")
  func answers() throws {
    let repository = InMemoryVaultRepository(Self.vault)
    let service = Self.service(repository, seen: Seen())
    #expect(service.resultIDs(["git"]) == ["t1"])
    #expect(service.resultIDs(["o"]) == ["h1", "t1"])
    #expect(
      service.metas(["t1", "h1", "nope"]) == [
        SearchMeta(id: "t1", name: "GitHub", description: "287 082 · octocat", clipboardText: "287082"),
        SearchMeta(id: "h1", name: "Acme", description: "ops", clipboardText: nil),
      ])
    #expect(service.runnerMatches("acme").map(\.text) == ["Acme: ops"])
    #expect(service.runnerMatches("o").map(\.subtext) == ["Copy the code", "287 082 · Copy the code"])
    #expect(try Self.counter(repository) == 0)
  }

  @Test("With codes hidden, no code is shown or given; activating still copies")
  func hiddenCodes() throws {
    let seen = Seen()
    let service = Self.service(InMemoryVaultRepository(Self.vault), seen: seen, hideCodes: true)
    #expect(
      service.metas(["t1"]) == [
        SearchMeta(id: "t1", name: "GitHub", description: "octocat", clipboardText: nil)
      ])
    #expect(service.runnerMatches("git").map(\.subtext) == ["Copy the code"])
    try service.activate("t1")
    #expect(seen.copied.withLock { $0 } == ["287082"])
  }

  @Test("Metas of UUID ids are looked up one by one, to the same answer")
  func metasByID() {
    let ids = ["be6fa881-f448-49c6-9289-210f39e031a7", "7236e309-b0ac-448b-a18f-7fdcd95770eb"]
    let repository = InMemoryVaultRepository(
      VaultContents(accounts: [
        SearchResultsTests.account(ids[0], "GitHub", "octocat"),
        SearchResultsTests.account(ids[1], "Acme", "ops", type: .hotp),
        SearchResultsTests.account("00000000-0000-4000-8000-000000000000", "Other", "x"),
      ]))
    #expect(
      Self.service(repository, seen: Seen()).metas([ids[1], "00000000-0000-4000-8000-00000000000f", ids[0]])
        == [
          SearchMeta(id: ids[1], name: "Acme", description: "ops", clipboardText: nil),
          SearchMeta(id: ids[0], name: "GitHub", description: "287 082 · octocat", clipboardText: "287082"),
        ])
  }

  @Test("Locked: every answer is empty; activating is refused and says so")
  func locked() {
    let seen = Seen()
    let service = Self.service(SilentVault(), seen: seen)
    #expect(service.resultIDs(["git"]) == [])
    #expect(service.metas(["t1"]) == [])
    #expect(service.runnerMatches("git") == [])
    #expect(throws: SearchService.Failure.locked) { try service.activate("t1") }
    #expect(seen.copied.withLock { $0 } == [])
    #expect(
      seen.notified.withLock { $0 } == ["Code not copied | The vault is locked: open Twofold to unlock it"])
  }

  @Test("Activating copies the code and names the account in the notification, never the code")
  func activateTOTP() throws {
    let seen = Seen()
    try Self.service(InMemoryVaultRepository(Self.vault), seen: seen).activate("t1")
    #expect(seen.copied.withLock { $0 } == ["287082"])
    #expect(
      seen.notified.withLock { $0 } == ["Code copied | GitHub: octocat: cleared from the clipboard in 30 s"])
  }

  @Test("Activating an HOTP account copies its code and then advances its counter, as code does")
  func activateHOTP() throws {
    let seen = Seen()
    let repository = InMemoryVaultRepository(Self.vault)
    try Self.service(repository, seen: seen).activate("h1")
    #expect(seen.copied.withLock { $0 } == ["755224"])
    #expect(try Self.counter(repository) == 1)
  }

  @Test("A copy that fails spends no HOTP code, and a notification says why")
  func failedCopy() throws {
    let repository = InMemoryVaultRepository(Self.vault)
    let seen = Seen()
    #expect(throws: SearchService.Failure.failed("wl-copy failed: no seat")) {
      try Self.service(repository, seen: seen, copyFails: true).activate("h1")
    }
    #expect(try Self.counter(repository) == 0)
    #expect(seen.notified.withLock { $0 } == ["Code not copied | Acme: ops: wl-copy failed: no seat"])
  }

  @Test("Without a clipboard tool no code is made (no HOTP code spent), and a notification says so")
  func noTool() throws {
    let repository = CountingRepository(InMemoryVaultRepository(Self.vault))
    let seen = Seen()
    let failure = SearchService.Failure.failed("no clipboard tool: install wl-clipboard")
    #expect(throws: failure) { try Self.service(repository, seen: seen, noTool: true).activate("h1") }
    #expect(throws: failure) { try Self.service(repository, seen: seen, noTool: true).activate("t1") }
    #expect(repository.codesAsked.withLock { $0 } == 0, "no code was made")
    #expect(try Self.counter(repository.base) == 0)
    #expect(seen.copied.withLock { $0 } == [])
    #expect(
      seen.notified.withLock { $0 } == [
        "Code not copied | Acme: ops: no clipboard tool: install wl-clipboard",
        "Code not copied | GitHub: octocat: no clipboard tool: install wl-clipboard",
      ])
  }

  /// A repository that counts the codes asked of it.
  final class CountingRepository: VaultRepository, Sendable {
    let base: InMemoryVaultRepository
    let codesAsked = Mutex(0)

    init(_ base: InMemoryVaultRepository) { self.base = base }

    func load() throws(DomainError) -> VaultContents { try base.load() }

    func update<Result>(
      _ change: (inout VaultContents) throws(DomainError) -> Result
    ) throws(DomainError) -> Result {
      try base.update(change)
    }

    func codes(of accounts: [Account], at time: Int64, next: Bool) throws(DomainError) -> [AccountCode] {
      codesAsked.withLock { $0 += 1 }
      return try base.codes(of: accounts, at: time, next: next)
    }

    func accounts(matching query: AccountQuery) throws(DomainError) -> [Account] {
      try base.accounts(matching: query)
    }
  }

  @Test(
    "Unknown ids are not found, even when they would match as a query",
    arguments: ["nope", "git", "", String(repeating: "x", count: 200)])
  func unknown(id: String) {
    let service = Self.service(InMemoryVaultRepository(Self.vault), seen: Seen())
    #expect(throws: SearchService.Failure.notFound(id)) { try service.activate(id) }
  }
}
