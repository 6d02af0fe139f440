import Domain
import OTP
import Testing

@Suite("VaultMerge, accounts new on both sides")
struct VaultMergeNewAccountTests {
  typealias S = MergeSample

  static let base = S.vault([])

  @Test("New on both sides with the same UUID and the same fields: one account, nothing to report")
  func sameUUIDAlike() {
    let account = S.totp("n", note: "x", favorite: true, groups: ["Work"])
    let result = S.merge(base: Self.base, ours: S.vault([account]), theirs: S.vault([account]))
    #expect(result.contents == S.vault([account]))
    #expect(result.report.isEmpty)
  }

  @Test(
    "New on both sides with the same UUID: every differing field is a conflict, won by ours",
    arguments: [
      (S.totp("n", note: "ours"), S.totp("n", note: "theirs"), [MergeField.note]),
      (S.totp("n", favorite: true), S.totp("n"), [.favorite]),
      (S.totp("n"), S.totp("n", groups: ["Work"]), [.groups]),
      (S.totp("n", issuer: "A", note: "1"), S.totp("n", issuer: "B", note: "2"), [.label, .note]),
      (S.totp("n"), S.totp("n", preserved: [PreservedField(key: "icon", raw: "\"aQ==\"")]), [.icon]),
    ])
  func sameUUIDDiffering(ours: Account, theirs: Account, conflicts: [MergeField]) {
    let result = S.merge(base: Self.base, ours: S.vault([ours]), theirs: S.vault([theirs]))
    #expect(result.contents.accounts == [ours])
    #expect(result.report.conflicts == conflicts.count)
    #expect(
      Array(result.report.changes.prefix(conflicts.count))
        == conflicts.map { .conflict(label: ours.label, field: $0, resolution: .oursKept) })
    #expect(result.report.remote == .init(changed: 1))
  }

  @Test("New on both sides with the same UUID and different secrets: both kept")
  func sameUUIDSecrets() {
    let ours = S.totp("n", secret: S.secrets[1])
    let theirs = S.totp("n", secret: S.secrets[2])
    let result = S.merge(base: nil, ours: S.vault([ours]), theirs: S.vault([theirs]))
    #expect(result.contents.accounts.map(\.otp.secret) == [S.secrets[1], S.secrets[2]])
    #expect(result.contents.accounts.map(\.id.rawValue) == ["n", "new-1"])
  }

  @Test("New on both sides with the same UUID: the larger counter")
  func sameUUIDCounter() {
    let result = S.merge(
      base: Self.base, ours: S.vault([S.hotp("n", counter: 2)]), theirs: S.vault([S.hotp("n", counter: 7)]))
    #expect(result.contents.accounts == [S.hotp("n", counter: 7)])
    #expect(result.report.conflicts == 0)
  }

  @Test(
    "The same account new under two UUIDs (issuer and name ignoring case and diacritics) is one entry, ours",
    arguments: [
      ("GitHub", "alice", "github", "ALICE"),
      ("Zürich Bank", "Jörg", "zurich bank", "jorg"),
      ("", "", "", ""),
    ])
  func sameAccount(issuer: String, name: String, theirIssuer: String, theirName: String) {
    let ours = S.hotp("x", issuer: issuer, name: name, counter: 3)
    let theirs = S.hotp("y", issuer: theirIssuer, name: theirName, counter: 8)
    let result = S.merge(base: Self.base, ours: S.vault([ours]), theirs: S.vault([theirs]))
    #expect(result.contents.accounts == [S.counter(ours, 8)])
    #expect(
      result.report.changes == [
        .sameAccount(label: ours.label),
        .changed(.local, label: ours.label, fields: [.counter]),
        .added(.remote, label: ours.label),
        .removed(.remote, label: theirs.label),
      ])
  }

  @Test(
    "Accounts new under two UUIDs stay two when their secret field or label differs",
    arguments: [
      S.totp("y", secret: S.secrets[1]),
      S.totp("y", issuer: "Other"),
      S.totp("y", name: "bob"),
      Account(
        id: Account.ID("y"), issuer: "Example", name: "alice",
        otp: try! OTPParameters(type: .totp, secret: S.secrets[0], digits: 8)),
    ])
  func notTheSameAccount(theirs: Account) {
    let ours = S.totp("x")
    let result = S.merge(base: Self.base, ours: S.vault([ours]), theirs: S.vault([theirs]))
    #expect(result.contents.accounts == [ours, theirs])
  }

  @Test("Only accounts new on both sides join: one already in the base stays beside the new one")
  func sameAccountNotNew() {
    let old = S.totp("x")
    let result = S.merge(base: S.vault([old]), ours: S.vault([old]), theirs: S.vault([old, S.totp("y")]))
    #expect(result.contents.accounts.map(\.id.rawValue) == ["x", "y"])
  }

  @Test("The first sync has no base: accounts with one UUID merge, the rest are added, nothing is deleted")
  func firstSync() {
    let shared = S.totp("s", note: "ours")
    let result = S.merge(
      base: nil, ours: S.vault([S.totp("o", issuer: "O", secret: S.secrets[1]), shared]),
      theirs: S.vault([S.totp("s", note: "theirs"), S.totp("t", issuer: "T", secret: S.secrets[2])]))
    #expect(result.contents.accounts.map(\.id.rawValue) == ["o", "s", "t"])
    #expect(result.contents.accounts[1] == shared)
    #expect(result.report.local == .init(added: 1))
    #expect(result.report.remote == .init(added: 1, changed: 1))
    #expect(result.report.conflicts == 1)
  }
}
