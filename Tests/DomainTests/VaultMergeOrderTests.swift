import Domain
import OTP
import Testing

@Suite("VaultMerge, order and counts")
struct VaultMergeOrderTests {
  typealias S = MergeSample

  func account(_ id: String, note: String = "", secret: [UInt8]? = nil) -> Account {
    S.totp(id, issuer: id.uppercased(), name: "", secret: secret ?? Array(id.utf8) + S.secrets[0], note: note)
  }

  @Test("Ours in our order, a conflict copy right after ours, then what only theirs holds in their order")
  func order() {
    let base = S.vault(["a", "b", "c", "f"].map { account($0) })
    let ours = S.vault([account("c"), account("a"), account("b", secret: S.secrets[1])])
    let theirs = S.vault([
      account("d"), account("f", note: "changed"), account("b", secret: S.secrets[2]), account("a"),
      account("c"), account("e"),
    ])
    let result = S.merge(base: base, ours: ours, theirs: theirs)
    #expect(result.contents.accounts.map(\.id.rawValue) == ["c", "a", "b", "new-1", "d", "f", "e"])
    #expect(result.report.local == .init(added: 4))
    #expect(result.report.remote == .init(added: 1, changed: 1))
    #expect(result.report.conflicts == 1)
  }

  @Test("Counts are by UUID against each side before the sync")
  func counts() {
    let base = S.vault(["a", "b", "c", "d", "e"].map { account($0) })
    let ours = S.vault([account("a", note: "ours"), account("b"), account("c"), account("n")])
    let theirs = S.vault([
      account("a", note: "theirs"), account("b", note: "theirs"), account("d"), account("t"),
    ])
    let result = S.merge(base: base, ours: ours, theirs: theirs)
    // a: note conflict, ours kept; b: their note; c: removed by them; d: removed by us; e: both; n, t: new.
    #expect(result.contents.accounts.map(\.id.rawValue) == ["a", "b", "n", "t"])
    #expect(result.report.local == .init(added: 1, changed: 1, removed: 1))
    #expect(result.report.remote == .init(added: 1, changed: 1, removed: 1))
    #expect(result.report.conflicts == 1)
    #expect(
      result.report.changes == [
        .conflict(label: "A", field: .note, resolution: .oursKept),
        .changed(.remote, label: "A", fields: [.note]),
        .changed(.local, label: "B", fields: [.note]),
        .added(.remote, label: "N"),
        .added(.local, label: "T"),
        .removed(.local, label: "C"),
        .removed(.remote, label: "D"),
      ])
  }

  @Test("Top-level preserved fields stay ours")
  func topLevel() {
    var theirs = S.vault([])
    theirs.preserved = [PreservedField(key: "future", raw: "1")]
    let ours = S.vault([])
    #expect(S.merge(base: nil, ours: ours, theirs: theirs).contents.preserved == ours.preserved)
  }
}
