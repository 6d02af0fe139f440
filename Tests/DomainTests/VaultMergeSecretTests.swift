import Domain
import OTP
import Testing

@Suite("VaultMerge, secret and counter")
struct VaultMergeSecretTests {
  typealias S = MergeSample

  @Test(
    "The counter is the larger of ours and theirs, whatever the base, and never a conflict",
    arguments: [
      (5, 7, 5, 7),
      (5, 5, 9, 9),
      (5, 8, 6, 8),
      (5, 6, 8, 8),
      (5, 3, 4, 4),
      (5, 5, 5, 5),
    ] as [(UInt64, UInt64, UInt64, UInt64)])
  func counter(base: UInt64, ours: UInt64, theirs: UInt64, expected: UInt64) {
    let result = S.merge(
      base: S.vault([S.hotp("a", counter: base)]), ours: S.vault([S.hotp("a", counter: ours)]),
      theirs: S.vault([S.hotp("a", counter: theirs)]))
    #expect(result.contents.accounts == [S.hotp("a", counter: expected)])
    #expect(result.report.conflicts == 0)
    #expect(result.report.local.changed == (ours == expected ? 0 : 1))
    #expect(result.report.remote.changed == (theirs == expected ? 0 : 1))
  }

  @Test("A secret changed on one side takes the larger counter of both sides")
  func secretChangedCounter() {
    let base = S.hotp("a", counter: 4)
    let theirs = S.hotp("a", secret: S.secrets[2], counter: 0)
    let result = S.merge(
      base: S.vault([base]), ours: S.vault([S.counter(base, 9)]), theirs: S.vault([theirs]))
    #expect(result.contents.accounts == [S.counter(theirs, 9)])
    #expect(result.report.conflicts == 0)
  }

  @Test(
    "A secret changed differently keeps both: ours with its other fields merged, theirs as a copy after it")
  func secretConflict() {
    let base = S.totp("a", note: "base")
    let ours = S.totp("a", secret: S.secrets[1], note: "base", groups: ["Home"])
    let theirs = S.totp("a", secret: S.secrets[2], note: "", favorite: true)
    let other = S.totp("b", issuer: "B", name: "")
    let result = S.merge(
      base: S.vault([base, other]), ours: S.vault([ours, other]), theirs: S.vault([theirs]))
    var merged = ours
    merged.note = ""
    merged.favorite = true
    var copy = theirs
    copy.id = Account.ID("new-1")
    copy.note = "(sync conflict)"
    #expect(result.contents.accounts == [merged, copy])
    #expect(
      result.report.changes == [
        .conflict(label: "Example:alice", field: .secret, resolution: .bothKept),
        .changed(.local, label: "Example:alice", fields: [.note, .favorite]),
        .changed(.remote, label: "Example:alice", fields: [.groups, .secret]),
        .added(.local, label: "Example:alice"),
        .added(.remote, label: "Example:alice"),
        .removed(.local, label: "B"),
      ])
    #expect(result.report.conflicts == 1)
    #expect(result.report.local == .init(added: 1, changed: 1, removed: 1))
    #expect(result.report.remote == .init(added: 1, changed: 1))
  }

  @Test(
    "A conflict copy's note is theirs followed by ' (sync conflict)'",
    arguments: [("", "(sync conflict)"), ("backup codes", "backup codes (sync conflict)")])
  func copyNote(note: String, expected: String) {
    let result = S.merge(
      base: S.vault([S.totp("a")]), ours: S.vault([S.totp("a", secret: S.secrets[1])]),
      theirs: S.vault([S.totp("a", secret: S.secrets[2], note: note)]))
    #expect(result.contents.accounts.map(\.note) == [note, expected])
  }

  @Test("On a secret conflict ours keeps our counter and the copy keeps theirs")
  func secretConflictCounters() {
    let base = S.hotp("a", counter: 1)
    let ours = S.hotp("a", secret: S.secrets[1], counter: 3)
    let theirs = S.hotp("a", secret: S.secrets[2], counter: 50)
    let result = S.merge(base: S.vault([base]), ours: S.vault([ours]), theirs: S.vault([theirs]))
    #expect(result.contents.accounts.map(\.otp.counter) == [3, 50])
    #expect(result.contents.accounts.map(\.otp.secret) == [S.secrets[1], S.secrets[2]])
  }

  @Test("A secret conflict and a note conflict are two conflicts; ours wins the note, the copy keeps theirs")
  func twoConflicts() {
    let result = S.merge(
      base: S.vault([S.totp("a")]), ours: S.vault([S.totp("a", secret: S.secrets[1], note: "mine")]),
      theirs: S.vault([S.totp("a", secret: S.secrets[2], note: "yours")]))
    #expect(result.contents.accounts.map(\.note) == ["mine", "yours (sync conflict)"])
    #expect(result.report.conflicts == 2)
  }

  @Test("A changed type, digits or PIN is a change of the secret field", arguments: [OTPType.hotp, .steam])
  func secretFieldParts(type: OTPType) {
    let base = S.totp("a")
    var theirs = base
    theirs.otp = try! OTPParameters(type: type, secret: S.secrets[0])
    let result = S.merge(base: S.vault([base]), ours: S.vault([base]), theirs: S.vault([theirs]))
    #expect(result.contents.accounts == [theirs])
    let fields: [MergeField] = type == .hotp ? [.secret, .counter] : [.secret]
    #expect(result.report.changes == [.changed(.local, label: "Example:alice", fields: fields)])
  }

  @Test("No report line carries a secret")
  func noSecretInReport() {
    let result = S.merge(
      base: S.vault([S.totp("a")]), ours: S.vault([S.totp("a", secret: S.secrets[1])]),
      theirs: S.vault([S.totp("a", secret: S.secrets[2])]))
    let text = String(describing: result.report)
    for secret in S.secrets {
      #expect(!text.contains(Base32.encode(secret)))
      #expect(!text.contains(String(decoding: secret, as: UTF8.self)))
      #expect(!text.contains(String(describing: secret)))
    }
  }
}
