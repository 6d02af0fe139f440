import Domain
import Testing

/// The choice of base for each version a sync merges (sync.md "Two writers: which base"), as a
/// table over histories: `L("x", "p", "q")` is version x whose ancestors are p then q.
@Suite("SyncBaseChoice")
struct SyncBaseChoiceTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let ours: VersionLineage?
    let theirs: VersionLineage?
    let kept: [String]
    var stale: [String] = []
    let expected: SyncBaseChoice
    var testDescription: String { name }
  }

  static func L(_ id: String, _ ancestors: String...) -> VersionLineage {
    VersionLineage(id: VersionLineage.ID(id)!, ancestors: ancestors.map { VersionLineage.ID($0)! })!
  }

  static func id(_ text: String) -> VersionLineage.ID { VersionLineage.ID(text)! }

  static let cases: [Case] = [
    Case(
      name: "linear history: theirs is our ancestor, it adds nothing", ours: L("s2", "s1", "s0"),
      theirs: L("s1", "s0"), kept: ["s1", "s0"], expected: .included),
    Case(
      name: "linear history: theirs is newer, the base is ours", ours: L("s1", "s0"),
      theirs: L("s2", "s1", "s0"),
      kept: ["s1", "s0"], expected: .kept(id("s1"))),
    Case(
      name: "two writers: the common ancestor, not our own last write",
      ours: L("x", "a1", "s0"), theirs: L("y", "b1", "s0"), kept: ["x", "a1", "s0"], expected: .kept(id("s0"))
    ),
    Case(
      name: "two writers: the version that lost the race is our own sync's, already in ours",
      ours: L("m", "y", "x", "b1", "a1", "s0"), theirs: L("x", "a1", "s0"), kept: ["m", "y", "x", "s0"],
      expected: .included),
    Case(
      name: "three writers: the nearest ancestor all share", ours: L("z", "c1", "y", "b1", "s0"),
      theirs: L("w", "a1", "s0"), kept: ["z", "c1", "y", "s0"], expected: .kept(id("s0"))),
    Case(
      name: "a writer that synced twice while apart: still their common ancestor",
      ours: L("b2", "b1", "s0"), theirs: L("a3", "a2", "a1", "s0"), kept: ["b2", "b1", "s0"],
      expected: .kept(id("s0"))),
    Case(
      name: "the vault in a synced folder replaced by the other device's version: our last write is the base",
      ours: L("b1", "a1", "s0"), theirs: L("a2", "a1", "s0"), kept: ["a1", "a2", "s0"],
      expected: .kept(id("a1"))
    ),
    Case(
      name: "an edited file with a stale id has no ancestry", ours: L("s2", "s1", "s0"),
      theirs: L("s1", "s0"),
      kept: ["s1", "s0"], stale: ["s1"], expected: .current),
    Case(
      name: "our own stale id leaves us without ancestry", ours: L("x", "s0"), theirs: L("y", "s0"),
      kept: ["x", "s0"], stale: ["x"], expected: .current),
    Case(
      name: "no metadata on their side (an Aegis file)", ours: L("x", "s0"), theirs: nil, kept: ["x", "s0"],
      expected: .current),
    Case(name: "no metadata on our side", ours: nil, theirs: L("y", "s0"), kept: ["s0"], expected: .current),
    Case(
      name: "a criss-cross of two merges: the first of our ancestry that they also have",
      ours: L("m1", "a", "b", "s0"), theirs: L("m2", "b", "a", "s0"), kept: ["m1", "a", "b", "s0"],
      expected: .kept(id("a"))),
    Case(
      name: "the common ancestor was not kept: an older one that was",
      ours: L("x", "a1", "s1", "s0"), theirs: L("y", "b1", "s1", "s0"), kept: ["x", "a1", "s0"],
      expected: .kept(id("s0"))),
    Case(
      name: "no common ancestor kept: the source's current base", ours: L("x", "a1"), theirs: L("y", "b1"),
      kept: ["x", "a1"], expected: .current),
  ]

  @Test("chooses the nearest kept common ancestor, erring towards the older", arguments: cases)
  func choice(_ row: Case) {
    let choice = SyncBaseChoice.choose(
      ours: row.ours, theirs: row.theirs, kept: Set(row.kept.map(Self.id)), stale: Set(row.stale.map(Self.id))
    )
    #expect(choice == row.expected)
  }

  @Test("a lineage with itself among its ancestors, a repeat or more than 100 ancestors is no lineage")
  func malformed() {
    #expect(VersionLineage(id: Self.id("a"), ancestors: [Self.id("b"), Self.id("a")]) == nil)
    #expect(VersionLineage(id: Self.id("a"), ancestors: [Self.id("b"), Self.id("b")]) == nil)
    #expect(VersionLineage(id: Self.id("a"), ancestors: (0...100).map { Self.id("v\($0)") }) == nil)
    #expect(VersionLineage.ID("has space") == nil && VersionLineage.ID("") == nil)
    #expect(VersionLineage.ID("../x") == nil, "an id can name a file")
  }

  @Test("a write's ancestry: the version replaced, those merged in, then their ancestors breadth first")
  func written() {
    let merge = VersionLineage.written(
      Self.id("m"), replacing: Self.L("x", "a1", "s0"), merging: [Self.L("y", "b1", "b0", "s0")])
    #expect(merge.ancestors.map(\.rawValue) == ["x", "y", "a1", "b1", "s0", "b0"])
    let next = VersionLineage.written(Self.id("n"), replacing: merge)
    #expect(next.ancestors.map(\.rawValue) == ["m", "x", "y", "a1", "b1", "s0", "b0"])
    let first = VersionLineage.written(Self.id("f"), replacing: nil)
    #expect(first.ancestors.isEmpty)
    var long = VersionLineage.first(Self.id("v0"))
    for index in 1...150 { long = .written(Self.id("v\(index)"), replacing: long) }
    #expect(long.ancestors.count == VersionLineage.limit)
    #expect(long.ancestors.first?.rawValue == "v149" && long.ancestors.last?.rawValue == "v50")
  }
}
