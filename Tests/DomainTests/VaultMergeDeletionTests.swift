import Domain
import OTP
import Testing

@Suite("VaultMerge, deletions")
struct VaultMergeDeletionTests {
  typealias S = MergeSample

  static let a = S.totp("a", issuer: "A", name: "")
  static let b = S.totp("b", issuer: "B", name: "", secret: S.secrets[1])

  @Test("An account one side deleted and the other left unchanged is removed", arguments: [true, false])
  func deletedUnchanged(deletedByUs: Bool) {
    let base = S.vault([Self.a, Self.b])
    let kept = S.vault([Self.a])
    let result = S.merge(base: base, ours: deletedByUs ? kept : base, theirs: deletedByUs ? base : kept)
    #expect(result.contents == kept)
    #expect(result.report.changes == [.removed(deletedByUs ? .remote : .local, label: "B")])
    #expect(result.report.local == .init(removed: deletedByUs ? 0 : 1))
    #expect(result.report.remote == .init(removed: deletedByUs ? 1 : 0))
  }

  @Test("An account we deleted stays, with their changes, when they changed it; it comes after ours")
  func deletedByUsChangedByThem() {
    var changed = Self.b
    changed.note = "new note"
    changed.groups = [S.groupID("Home")]
    let result = S.merge(
      base: S.vault([Self.b, Self.a]), ours: S.vault([Self.a]), theirs: S.vault([changed, Self.a]))
    #expect(result.contents.accounts == [Self.a, changed])
    #expect(
      result.report.changes == [
        .keptAfterDeletion(label: "B", deletedOn: .local, changed: [.note, .groups]),
        .added(.local, label: "B"),
      ])
    #expect(result.report.local == .init(added: 1))
    #expect(result.report.remote == .init())
  }

  @Test("An account they deleted stays, with our changes, when we changed it")
  func deletedByThemChangedByUs() {
    var changed = Self.b
    changed.issuer = "B2"
    let result = S.merge(
      base: S.vault([Self.a, Self.b]), ours: S.vault([Self.a, changed]), theirs: S.vault([Self.a]))
    #expect(result.contents.accounts == [Self.a, changed])
    #expect(
      result.report.changes == [
        .keptAfterDeletion(label: "B2", deletedOn: .remote, changed: [.label]),
        .added(.remote, label: "B2"),
      ])
  }

  @Test("A counter used since the base is a change that keeps a deleted account")
  func counterKeepsDeleted() {
    let base = S.hotp("h", counter: 1)
    let result = S.merge(base: S.vault([base]), ours: S.vault([]), theirs: S.vault([S.counter(base, 2)]))
    #expect(result.contents.accounts == [S.counter(base, 2)])
    #expect(
      result.report.changes.first
        == .keptAfterDeletion(label: "Example:alice", deletedOn: .local, changed: [.counter]))
  }

  @Test("An account deleted on both sides is removed and reported nowhere")
  func deletedOnBoth() {
    let result = S.merge(base: S.vault([Self.a, Self.b]), ours: S.vault([Self.a]), theirs: S.vault([Self.a]))
    #expect(result.contents == S.vault([Self.a]))
    #expect(result.report.isEmpty)
  }

  @Test("An account new on one side is added to the other", arguments: [true, false])
  func newOnOneSide(ours: Bool) {
    let base = S.vault([Self.a])
    let grown = S.vault([Self.a, Self.b])
    let result = S.merge(base: base, ours: ours ? grown : base, theirs: ours ? base : grown)
    #expect(result.contents == grown)
    #expect(result.report.changes == [.added(ours ? .remote : .local, label: "B")])
  }
}
