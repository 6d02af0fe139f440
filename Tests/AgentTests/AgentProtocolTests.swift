import Agent
import Crypto
import Domain
import OTP
import Testing

@Suite("agent protocol")
struct AgentProtocolTests {
  @Test(
    "every change crosses the socket unchanged, its new account's secret included",
    arguments: AgentSamples.changes)
  func changesRoundTrip(change: VaultChange) throws {
    let decoded = try AgentRequest.decode(AgentRequest.perform(vault: "/v.json", change).encoded())
    guard case .perform(let vault, let received) = decoded else {
      Issue.record("decoded as another request")
      return
    }
    #expect(vault == "/v.json")
    #expect(received == change)
  }

  @Test("requests without a change round-trip")
  func plainRequests() throws {
    guard case .status = try AgentRequest.decode(AgentRequest.status.encoded()) else {
      Issue.record("status")
      return
    }
    guard case .lock(nil) = try AgentRequest.decode(AgentRequest.lock(vault: nil).encoded()) else {
      Issue.record("lock all")
      return
    }
    guard case .lock("/a") = try AgentRequest.decode(AgentRequest.lock(vault: "/a").encoded()) else {
      Issue.record("lock one")
      return
    }
    guard case .load("/v") = try AgentRequest.decode(AgentRequest.load(vault: "/v").encoded()) else {
      Issue.record("load")
      return
    }
    let codes = try AgentRequest.decode(
      AgentRequest.codes(vault: "/v", ids: [Account.ID("x"), Account.ID("y")], at: 1_700_000_000, next: true)
        .encoded())
    guard case .codes("/v", let ids, 1_700_000_000, true) = codes else {
      Issue.record("codes")
      return
    }
    #expect(ids == [Account.ID("x"), Account.ID("y")])
    let code = try AgentRequest.decode(
      AgentRequest.code(vault: "/v", query: "GitHub:me", at: 1_700_000_000, next: false).encoded())
    guard case .code("/v", "GitHub:me", 1_700_000_000, false) = code else {
      Issue.record("code")
      return
    }
  }

  @Test("an unlock carries the key into SecretBytes and the timeouts")
  func unlockRoundTrip() throws {
    var key: [UInt8] = Array(1...32)
    let request = AgentRequest.unlock(
      vault: "/v", key: SecretBytes(wiping: &key), slot: 2, idle: 60, max: 600)
    guard case .unlock("/v", let received, 2, 60, 600) = try AgentRequest.decode(request.encoded()) else {
      Issue.record("unlock")
      return
    }
    #expect(received.withUnsafeBytes { Array($0) } == Array(1...32))
  }

  static let responses: [AgentResponse] = [
    .ok, .okWithoutLockedMemory, .notHeld,
    .status([HeldVaultStatus(path: "/a b/v.json", idleLeft: 899, maxLeft: 28_799)], pid: 4242),
    .status([], pid: 1),
    .codes([
      CodeValue(code: "123456", nextCode: "654321", remaining: 7, problem: nil),
      CodeValue(code: nil, nextCode: nil, remaining: nil, problem: "this account type needs a PIN"),
    ]),
    .outcome(.done), .outcome(.favorite(true)), .outcome(.code("0042")),
    .outcome(.group(AccountGroup(id: AccountGroup.ID("g"), name: "Work"))),
    .failure(.wrongPassword), .failure(.cancelled), .failure(.vaultCorrupted("the header")),
    .failure(.ambiguous("gi", candidates: ["GitHub:a (1)", "Gitea:b (2)"])),
    .failure(.invalidField(.digits, "digits must be 6 to 8")), .failure(.duplicate(label: "A:b")),
    .malformed("the message ends early"), .versionMismatch(7),
    .synced([
      SyncVault.SourceReport(
        source: "/share/v.json", isTwoWay: true,
        report: MergeReport(
          changes: [
            .added(.local, label: "A:b"), .conflict(label: "C:d", field: .note, resolution: .oursKept),
            .conflict(label: "E:f", field: .label, resolution: .theirsKept),
            .conflict(label: "G:h", field: .secret, resolution: .bothKept),
          ],
          local: .init(added: 1), remote: .init(), conflicts: 3),
        notes: ["left alone: x"], warnings: ["1 kept version damaged"])
    ]),
    .syncFailed(source: "/share/v.json", .storage("the disk is full")),
  ]

  @Test("answers round-trip", arguments: responses)
  func responsesRoundTrip(response: AgentResponse) throws {
    #expect(try AgentResponse.decode(response.encoded()) == response)
  }

  @Test("one account and its code cross with the secret withheld")
  func accountCodeIsWithheld() throws {
    let account = AgentSamples.contents.accounts[0]
    let value = CodeValue(code: "123456", nextCode: nil, remaining: 12, problem: nil)
    let encoded = AgentResponse.accountCode(account, value).encoded()
    #expect(!encoded.contains(bytes: AgentSamples.secret))
    guard case .accountCode(let received, let code) = try AgentResponse.decode(encoded) else {
      Issue.record("not an account and its code")
      return
    }
    #expect(received.otp.isWithheld && received.id == account.id && received.issuer == account.issuer)
    #expect(code == value)
  }

  @Test("contents cross with every secret and PIN withheld, kept fields but the icon left behind")
  func contentsAreWithheld() throws {
    let encoded = AgentResponse.contents(AgentSamples.contents).encoded()
    #expect(!encoded.contains(bytes: AgentSamples.secret))
    #expect(!encoded.contains(bytes: Array(AgentSamples.pin.utf8)))
    #expect(!encoded.contains(bytes: Array(repeating: 7, count: 16)))
    guard case .contents(let received) = try AgentResponse.decode(encoded) else {
      Issue.record("not contents")
      return
    }
    #expect(received.accounts.count == AgentSamples.contents.accounts.count)
    for (sent, got) in zip(AgentSamples.contents.accounts, received.accounts) {
      #expect(got.otp.isWithheld)
      #expect(got.otp == sent.otp.withoutSecret())
      #expect(got.issuer == sent.issuer && got.name == sent.name && got.note == sent.note)
      #expect(got.groups == sent.groups && got.favorite == sent.favorite)
      #expect(got.preserved == [PreservedField(key: "icon", raw: "\"abc\"")])
    }
    #expect(received.groups == AgentSamples.contents.groups)
  }

  @Test("an import's report and a saved account come back without secrets")
  func outcomesAreWithheld() throws {
    var report = ImportReport()
    report.added = [AgentSamples.account("a")]
    report.failed = [.account(AgentSamples.newAccount)]
    for outcome: VaultChange.Outcome in [
      .account(AgentSamples.account("a")), .imported(report, refused: false),
    ] {
      let encoded = AgentResponse.outcome(outcome).encoded()
      #expect(!encoded.contains(bytes: AgentSamples.secret))
      _ = try AgentResponse.decode(encoded)
    }
  }

  @Test("an entry's icon crosses with the withheld contents; its other kept fields stay behind")
  func iconCrosses() throws {
    var account = AgentSamples.account("a")
    account.preserved = [PreservedField(key: "private_note", raw: #""kept""#)]
    account.setIcon(AgentSamples.icon)
    let encoded = AgentResponse.contents(VaultContents(accounts: [account])).encoded()
    #expect(!encoded.contains(bytes: Array("private_note".utf8)))
    guard case .contents(let received) = try AgentResponse.decode(encoded) else {
      Issue.record("not contents")
      return
    }
    #expect(received.accounts[0].icon == AgentSamples.icon)
    #expect(received.accounts[0].preserved.isEmpty)
  }

  @Test("the accounts a change changed come back as sent")
  func changedOutcome() throws {
    let ids = [Account.ID("a-1"), Account.ID("a-2")]
    guard
      case .outcome(.changed(let received)) = try AgentResponse.decode(
        AgentResponse.outcome(.changed(ids)).encoded())
    else {
      Issue.record("not the changed accounts")
      return
    }
    #expect(received == ids)
  }

  @Test("an icon in a change that is not an image of its format is refused")
  func forgedIcon() throws {
    let change = VaultChange.setIcons(
      [IconAssignment(id: Account.ID("a"), icon: AgentSamples.icon)], replace: false)
    var encoded = AgentRequest.perform(vault: "/v", change).encoded()
    let svg = Array("<svg".utf8)
    let at = try #require(
      (0...(encoded.count - svg.count)).first { encoded[$0..<$0 + svg.count].elementsEqual(svg) })
    encoded[at] = UInt8(ascii: "x")
    #expect(throws: AgentProtocolError.self) { try AgentRequest.decode(encoded) }
  }

  @Test("a message of another version is told apart from a damaged one")
  func otherVersion() {
    #expect(throws: AgentProtocolError.otherVersion(9)) {
      try AgentRequest.decode(AgentRequest.status.encoded(version: 9))
    }
    #expect(throws: AgentProtocolError.malformed("the message ends early")) { try AgentRequest.decode([0]) }
  }

  @Test("every cut of a request is refused, never a crash", arguments: AgentSamples.changes)
  func truncatedRequests(change: VaultChange) {
    let encoded = AgentRequest.perform(vault: "/v", change).encoded()
    for length in 0..<encoded.count {
      #expect(throws: AgentProtocolError.self) { try AgentRequest.decode(Array(encoded[0..<length])) }
    }
  }

  @Test("bytes left over, unknown kinds and lists longer than the message are refused")
  func malformedRequests() {
    let version: [UInt8] = [0, 1]
    let cases: [[UInt8]] = [
      AgentRequest.status.encoded() + [0],
      version + [99],
      version + [4, 0xff, 0xff, 0xff, 0xff],
      version + [5, 0, 0, 0, 1, 0x2f, 0x7f, 0xff, 0xff, 0xff],
      version + [6, 0, 0, 0, 1, 0x2f, 42],
      version + [3, 2],
    ]
    for bytes in cases {
      #expect(throws: AgentProtocolError.self) { try AgentRequest.decode(bytes) }
    }
  }
}

extension VaultChange: CustomTestStringConvertible {
  /// The case's name, for the test report.
  public var testDescription: String {
    switch self {
    case .add: "add"
    case .edit: "edit"
    case .remove: "remove"
    case .toggleFavorite: "toggleFavorite"
    case .nextHOTP: "nextHOTP"
    case .importAccounts: "import"
    case .createGroup: "createGroup"
    case .renameGroup: "renameGroup"
    case .deleteGroup: "deleteGroup"
    case .assignGroups: "assignGroups"
    case .setIcon(_, let icon): icon == nil ? "setIcon nil" : "setIcon"
    case .setIcons: "setIcons"
    }
  }
}
