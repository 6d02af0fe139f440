import Domain
import OTP
import Testing

@Suite("VaultMerge, groups")
struct VaultMergeGroupTests {
  typealias S = MergeSample

  /// A vault of `accounts` and groups given as (UUID, name).
  func vault(_ accounts: [Account], _ groups: [(String, String)]) -> VaultContents {
    VaultContents(accounts: accounts, groups: groups.map { AccountGroup(id: .init($0.0), name: $0.1) })
  }

  func account(_ id: String, in groups: [String], issuer: String = "A") -> Account {
    var account = S.totp(id, issuer: issuer, name: "", secret: Array(id.utf8) + S.secrets[0])
    account.groups = groups.map(AccountGroup.ID.init)
    return account
  }

  func groups(_ contents: VaultContents) -> [String] { contents.groups.map { "\($0.id):\($0.name)" } }

  @Test("A group new on one side with an account in it is added with that side's UUID")
  func newGroup() {
    let base = vault([account("a", in: ["w"])], [("w", "Work")])
    let theirs = vault([account("a", in: ["h"])], [("w", "Work"), ("h", "Home")])
    let result = S.merge(base: base, ours: base, theirs: theirs)
    #expect(groups(result.contents) == ["w:Work", "h:Home"])
    #expect(result.contents.accounts[0].groups == [.init("h")])
  }

  @Test("A group new on one side that no account uses is kept")
  func newEmptyGroup() {
    let base = vault([account("a", in: [])], [])
    let ours = vault([account("a", in: [])], [("e", "Empty")])
    #expect(groups(S.merge(base: base, ours: ours, theirs: base).contents) == ["e:Empty"])
    #expect(groups(S.merge(base: base, ours: base, theirs: ours).contents) == ["e:Empty"])
  }

  @Test("A group of the base one side removed goes, unless an account of the result uses it")
  func removedGroup() {
    let base = vault([account("a", in: ["o"])], [("w", "Work"), ("o", "Old")])
    let theirs = vault([account("a", in: [])], [("w", "Work")])
    #expect(groups(S.merge(base: base, ours: base, theirs: theirs).contents) == ["w:Work"])
    let ours = vault(
      [account("a", in: ["o"]), account("b", in: ["o"], issuer: "B")], [("w", "Work"), ("o", "Old")])
    let result = S.merge(base: base, ours: ours, theirs: theirs)
    #expect(groups(result.contents) == ["w:Work", "o:Old"])
    #expect(result.contents.accounts.map(\.groups) == [[], [.init("o")]])
  }

  @Test("A group renamed on one side is renamed in the result, with its UUID")
  func renamed() {
    let base = vault([account("a", in: ["w"])], [("w", "Work")])
    let theirs = vault([account("a", in: ["w"])], [("w", "Job")])
    let result = S.merge(base: base, ours: base, theirs: theirs)
    #expect(groups(result.contents) == ["w:Job"])
    #expect(result.contents.accounts[0].groups == [.init("w")])
    #expect(result.report.changes == [.changed(.local, label: "A", fields: [.groups])])
  }

  @Test("A group renamed differently on both sides: ours wins the account, theirs gets a fresh UUID")
  func renamedOnBoth() {
    let base = vault([account("a", in: ["w"])], [("w", "Work")])
    let ours = vault([account("a", in: ["w"])], [("w", "Office")])
    let theirs = vault([account("a", in: ["w"])], [("w", "Job")])
    let result = S.merge(base: base, ours: ours, theirs: theirs)
    #expect(groups(result.contents) == ["w:Office", "new-1:Job"])
    #expect(result.contents.accounts[0].groups == [.init("w")])
    #expect(result.report.changes.first == .conflict(label: "A", field: .groups, resolution: .oursKept))
  }

  @Test("A UUID that another name of the result holds is replaced by a fresh one")
  func uuidClash() {
    let ours = vault([account("a", in: ["g1"])], [("g1", "Work")])
    let theirs = vault([account("b", in: ["g1"], issuer: "B")], [("g1", "Home")])
    let result = S.merge(base: vault([], []), ours: ours, theirs: theirs)
    #expect(groups(result.contents) == ["g1:Work", "new-1:Home"])
    #expect(result.contents.accounts.map(\.groups) == [[.init("g1")], [.init("new-1")]])
  }

  @Test("A name on both sides keeps our UUID; their accounts in it follow")
  func sameNameTwoUUIDs() {
    let ours = vault([account("a", in: ["w1"])], [("w1", "Work")])
    let theirs = vault([account("a", in: ["w2"]), account("b", in: ["w2"], issuer: "B")], [("w2", "Work")])
    let result = S.merge(base: ours, ours: ours, theirs: theirs)
    #expect(groups(result.contents) == ["w1:Work"])
    #expect(result.contents.accounts.map(\.groups) == [[.init("w1")], [.init("w1")]])
    #expect(result.report.changes == [.added(.local, label: "B")])
  }

  @Test("Names are case-sensitive; our groups come first, in our order, then theirs")
  func caseAndOrder() {
    let ours = vault([], [("h", "Home"), ("w", "Work")])
    let theirs = vault([], [("t", "Travel"), ("x", "work"), ("w", "Work")])
    let result = S.merge(base: nil, ours: ours, theirs: theirs)
    #expect(groups(result.contents) == ["h:Home", "w:Work", "t:Travel", "x:work"])
  }
}
