import Agent
import Crypto
import Domain
import Testing

/// One message of each kind with its bytes pinned: the protocol's version says what a message
/// looks like, so bytes that change without a new `AgentProtocol.version` are a defect.
@Suite("agent wire bytes")
struct AgentWireBytesTests {
  /// A message, named for the report.
  struct Message: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    var testDescription: String { name }
  }

  static let id = Account.ID("a")
  static let group = AccountGroup(id: AccountGroup.ID("g"), name: "W")
  static let account = Account(
    id: id, issuer: "I", name: "n", otp: AgentSamples.otp(), note: "", favorite: true,
    groups: [AccountGroup.ID("g")])
  static let newAccount = NewAccount(
    issuer: "I", name: "n", otp: AgentSamples.otp(), note: "", favorite: false, groupNames: ["G"])

  static let changes: [(String, VaultChange)] = [
    ("add", .add(newAccount)),
    (
      "edit", .edit(id, EditAccount.Changes(issuer: "I", name: nil, note: "", favorite: true, groupNames: []))
    ),
    ("remove", .remove(id)),
    ("toggleFavorite", .toggleFavorite(id)),
    ("nextHOTP", .nextHOTP(id)),
    (
      "importAccounts",
      .importAccounts(
        [.account(newAccount, batch: ImportBatch(id: 1, index: 0, size: 1)), .failed("e", "bad")],
        skipBad: true,
        dryRun: false)
    ),
    ("createGroup", .createGroup("G")),
    ("renameGroup", .renameGroup(AccountGroup.ID("g"), "H")),
    ("deleteGroup", .deleteGroup(AccountGroup.ID("g"))),
    ("assignGroups", .assignGroups(id, ["G"])),
    ("setIcon", .setIcon(id, try! AccountIcon(format: .svg, bytes: Array("<svg/>".utf8)))),
    ("setIcon nil", .setIcon(id, nil)),
  ]

  static var requests: [(String, AgentRequest)] {
    var key: [UInt8] = [1, 2, 3]
    return [
      ("status", .status),
      ("unlock", .unlock(vault: "/v", key: SecretBytes(wiping: &key), slot: 1, idle: 60, max: 600)),
      ("lock all", .lock(vault: nil)),
      ("lock", .lock(vault: "/v")),
      ("load", .load(vault: "/v")),
      ("matching", .matching(vault: "/v", query: "q")),
      ("codes", .codes(vault: "/v", ids: [id], at: 1_700_000_000, next: true)),
      ("code", .code(vault: "/v", query: "q", at: 1_700_000_000, next: false)),
      ("accountCodes", .accountCodes(vault: "/v", ids: [id], at: 1_700_000_000, next: false)),
      ("sync", .sync(vault: "/v", sources: ["/s"], ownCopies: true, dryRun: false, sourcePassword: [7])),
    ] + changes.map { ("perform \($0.0)", .perform(vault: "/v", $0.1)) }
  }

  static let errors: [(String, DomainError)] = [
    ("wrongPassword", .wrongPassword), ("passwordRequired", .passwordRequired),
    ("vaultMissing", .vaultMissing),
    ("vaultExists", .vaultExists), ("vaultCorrupted", .vaultCorrupted("c")), ("vaultLocked", .vaultLocked),
    ("unsupportedVersion", .unsupportedVersion("u")), ("storage", .storage("s")),
    ("duplicate", .duplicate(label: "d")), ("notFound", .notFound("f")),
    ("ambiguous", .ambiguous("a", candidates: ["b"])), ("invalidField", .invalidField(.digits, "i")),
    ("cannotGenerate", .cannotGenerate("g")), ("cancelled", .cancelled),
  ]

  static let mergeChanges: [(String, MergeChange)] = [
    ("added", .added(.local, label: "l")), ("changed", .changed(.remote, label: "l", fields: [.note])),
    ("removed", .removed(.local, label: "l")),
    ("conflict", .conflict(label: "l", field: .note, resolution: .bothKept)),
    ("keptAfterDeletion", .keptAfterDeletion(label: "l", deletedOn: .remote, changed: [.label])),
    ("sameAccount", .sameAccount(label: "l")),
  ]

  static var responses: [(String, AgentResponse)] {
    var report = ImportReport()
    report.added = [account]
    report.duplicates = ["d"]
    report.failed = [.failed("e", "bad")]
    let outcomes: [(String, VaultChange.Outcome)] = [
      ("account", .account(account)), ("done", .done), ("favorite", .favorite(true)), ("code", .code("1")),
      ("imported", .imported(report, refused: false)), ("group", .group(group)),
    ]
    let value = CodeValue(code: "123456", nextCode: nil, remaining: 5, problem: nil)
    return [
      ("ok", .ok), ("okWithoutLockedMemory", .okWithoutLockedMemory),
      ("status", .status([HeldVaultStatus(path: "/v", idleLeft: 1, maxLeft: 2)], pid: 3)),
      ("contents", .contents(VaultContents(accounts: [account], groups: [group]))),
      ("codes", .codes([value])), ("notHeld", .notHeld), ("versionMismatch", .versionMismatch(9)),
      ("malformed", .malformed("m")), ("accounts", .accounts([account])),
      ("accountCode", .accountCode(account, value)),
      ("accountCodes", .accountCodes([AccountCodeValue(account: account, value: value)])),
      (
        "synced",
        .synced([
          SyncVault.SourceReport(
            source: "/s", isTwoWay: true,
            report: MergeReport(
              changes: mergeChanges.map(\.1), local: .init(added: 1), remote: .init(removed: 2), conflicts: 1),
            notes: ["n"], warnings: ["w"])
        ])
      ),
      ("syncFailed", .syncFailed(source: "/s", .vaultLocked)),
    ] + outcomes.map { ("outcome \($0.0)", .outcome($0.1)) }
      + errors.map { ("failure \($0.0)", .failure($0.1)) }
  }

  static var messages: [Message] {
    requests.map { Message(name: "request \($0.0)", bytes: $0.1.encoded()) }
      + responses.map { Message(name: "answer \($0.0)", bytes: $0.1.encoded()) }
  }

  @Test("each kind of message has the bytes of protocol 7 (AgentProtocol.version)", arguments: messages)
  func pinned(message: Message) {
    let hex = message.bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    #expect(hex == Self.pinnedHex[message.name])
  }

  @Test(
    "every request decodes to itself", arguments: requests.map { Message(name: $0.0, bytes: $0.1.encoded()) })
  func requestRoundTrip(message: Message) throws {
    #expect(try AgentRequest.decode(message.bytes).encoded() == message.bytes)
  }

  @Test(
    "every answer decodes to itself", arguments: responses.map { Message(name: $0.0, bytes: $0.1.encoded()) })
  func answerRoundTrip(message: Message) throws {
    #expect(try AgentResponse.decode(message.bytes).encoded() == message.bytes)
  }

  @Test("an agent of any version is understood when it says it speaks another, and only then")
  func versionMismatchOfAnyVersion() throws {
    #expect(try AgentResponse.decode([0, 9, 9, 0, 3]) == .versionMismatch(3))
    #expect(throws: AgentProtocolError.otherVersion(9)) { try AgentResponse.decode([0, 9, 1]) }
    #expect(throws: AgentProtocolError.malformed("an unknown answer")) {
      try AgentResponse.decode([0, 9, 99])
    }
  }

  static let pinnedHex: [String: String] = [
    "answer accountCode":
      "00070e00000001610000000149000000016e00000004746f747000000004534841310000000000000006000000000000001e000000000000000000000000000000000001000000010000000167000000000001000000063132333435360001000000000000000500",
    "answer accountCodes":
      "00070f0000000100000001610000000149000000016e00000004746f747000000004534841310000000000000006000000000000001e000000000000000000000000000000000001000000010000000167000000000001000000063132333435360001000000000000000500",
    "answer accounts":
      "00070d0000000100000001610000000149000000016e00000004746f747000000004534841310000000000000006000000000000001e0000000000000000000000000000000000010000000100000001670000000000",
    "answer codes":
      "0007050000000101000000063132333435360001000000000000000500",
    "answer contents":
      "0007040000000100000001610000000149000000016e00000004746f747000000004534841310000000000000006000000000000001e000000000000000000000000000000000001000000010000000167000000000000000001000000016700000001570000000000000000",
    "answer failure ambiguous":
      "0007080b0000000161000000010000000162",
    "answer failure cancelled":
      "0007080e",
    "answer failure cannotGenerate":
      "0007080d0000000167",
    "answer failure duplicate":
      "000708090000000164",
    "answer failure invalidField":
      "0007080c000000066469676974730000000169",
    "answer failure notFound":
      "0007080a0000000166",
    "answer failure passwordRequired":
      "00070802",
    "answer failure storage":
      "000708080000000173",
    "answer failure unsupportedVersion":
      "000708070000000175",
    "answer failure vaultCorrupted":
      "000708050000000163",
    "answer failure vaultExists":
      "00070804",
    "answer failure vaultLocked":
      "00070806",
    "answer failure vaultMissing":
      "00070803",
    "answer failure wrongPassword":
      "00070801",
    "answer malformed":
      "00070a000000016d",
    "answer notHeld":
      "000707",
    "answer ok":
      "000701",
    "answer okWithoutLockedMemory":
      "000702",
    "answer outcome account":
      "0007060100000001610000000149000000016e00000004746f747000000004534841310000000000000006000000000000001e0000000000000000000000000000000000010000000100000001670000000000",
    "answer outcome code":
      "000706040000000131",
    "answer outcome done":
      "00070602",
    "answer outcome favorite":
      "0007060301",
    "answer outcome group":
      "000706060000000167000000015700000000",
    "answer outcome imported":
      "000706050000000100000001610000000149000000016e00000004746f747000000004534841310000000000000006000000000000001e00000000000000000000000000000000000100000001000000016700000000000000000100000001640000000100000001650001000000036261640000",
    "answer status":
      "00070300000001000000022f76000000000000000100000000000000020000000000000003",
    "answer syncFailed":
      "00070c000000022f7306",
    "answer synced":
      "00070b00000001000000022f7301000000060100000000016c0201000000016c00000001000000046e6f74650300000000016c04000000016c000000046e6f74650105000000016c0100000001000000056c6162656c06000000016c000000000000000100000000000000000000000000000000000000000000000000000000000000000000000000000002000000000000000100000001000000016e000000010000000177",
    "answer versionMismatch":
      "0007090009",
    "request accountCodes":
      "00070b000000022f76000000010000000161000000006553f10000",
    "request code":
      "000709000000022f760000000171000000006553f10000",
    "request codes":
      "000705000000022f76000000010000000161000000006553f10001",
    "request load":
      "000704000000022f76",
    "request lock":
      "00070301000000022f76",
    "request lock all":
      "00070300",
    "request matching":
      "000708000000022f760000000171",
    "request perform add":
      "000706000000022f76010000000149000000016e00000004746f747000000004534841310000000000000006000000000000001e0000000000000000000000115345435245542d42595445532d30313233000000000000000000010000000147",
    "request perform assignGroups":
      "000706000000022f760a0000000161000000010000000147",
    "request perform createGroup":
      "000706000000022f76070000000147",
    "request perform deleteGroup":
      "000706000000022f76090000000167",
    "request perform edit":
      "000706000000022f7602000000016101000000014900010000000001010100000000",
    "request perform importAccounts":
      "000706000000022f76060000000200000003493a6e010000000149000000016e00000004746f747000000004534841310000000000000006000000000000001e0000000000000000000000115345435245542d42595445532d3031323300000000000000000001000000014700010000000000000001000000000000000000000000000000010000000165000100000003626164000100",
    "request perform nextHOTP":
      "000706000000022f76050000000161",
    "request perform remove":
      "000706000000022f76030000000161",
    "request perform renameGroup":
      "000706000000022f760800000001670000000148",
    "request perform setIcon":
      "000706000000022f760b00000001610100000003737667000000063c7376672f3e",
    "request perform setIcon nil":
      "000706000000022f760b000000016100",
    "request perform toggleFavorite":
      "000706000000022f76040000000161",
    "request status":
      "000701",
    "request sync":
      "000707000000022f7600000001000000022f730100010000000107",
    "request unlock":
      "000702000000022f7600000003010203010000000000000001000000000000003c0000000000000258",
  ]
}
