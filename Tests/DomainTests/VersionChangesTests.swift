import Domain
import OTP
import Testing

/// A kept version stored as its changes from a parent (sync.md: store changes, not copies).
@Suite("VersionChanges")
struct VersionChangesTests {
  typealias S = MergeSample

  static let a = S.totp("a", issuer: "A")
  static let b = S.totp("b", issuer: "B", secret: S.secrets[1])
  static let c = S.totp("c", issuer: "C", secret: S.secrets[2])

  static func edited(_ account: Account) -> Account {
    var account = account
    account.note = "edited"
    return account
  }

  static let rows: [(String, [Account], [Account])] = [
    ("nothing changed", [a, b], [a, b]),
    ("one added at the end", [a, b], [a, b, c]),
    ("one removed", [a, b, c], [a, c]),
    ("one edited in place", [a, b, c], [a, edited(b), c]),
    ("reordered", [a, b, c], [c, a, b]),
    ("added in the middle", [a, b], [a, c, b]),
    ("everything replaced", [a], [b, c]),
    ("removed and reordered", [a, b, c], [c, a]),
    ("added in front", [a, b], [c, a, b]),
  ]

  /// Changes keyed by id cannot say these: such a version is kept whole.
  static let repeated: [(String, [Account], [Account])] = [
    ("an id twice in the version", [a, b], [a, b, edited(a)]),
    ("an id twice in the parent", [a, b, edited(a)], [a, b]),
    ("an id twice on both sides", [a, edited(a)], [edited(a), a]),
  ]

  @Test("applying the changes to the parent gives the version back", arguments: rows.indices)
  func roundTrip(_ index: Int) throws {
    let (_, before, after) = Self.rows[index]
    let parent = S.vault(before)
    var version = S.vault(after, groups: ["Work"])
    version.lineage = .first(VersionLineage.ID("v")!)
    let changes = try #require(VersionChanges(from: parent, to: version))
    #expect(changes.applying(to: parent) == version, "\(Self.rows[index].0)")
  }

  @Test("an id that repeats on either side gives no changes", arguments: repeated.indices)
  func repeatedID(_ index: Int) {
    let (_, before, after) = Self.repeated[index]
    #expect(VersionChanges(from: S.vault(before), to: S.vault(after)) == nil, "\(Self.repeated[index].0)")
  }

  @Test(
    "the order is stored exactly when applying the changes without it gives another", arguments: rows.indices)
  func orderOnlyWhenNeeded(_ index: Int) throws {
    let (_, before, after) = Self.rows[index]
    let (parent, version) = (S.vault(before), S.vault(after))
    var changes = try #require(VersionChanges(from: parent, to: version))
    let stored = changes.order != nil
    changes.order = nil
    #expect(stored == (changes.applying(to: parent)?.accounts != version.accounts), "\(Self.rows[index].0)")
  }

  @Test("only what changed is stored, and the order only when it must be")
  func small() throws {
    let changes = try #require(
      VersionChanges(from: S.vault([Self.a, Self.b, Self.c]), to: S.vault([Self.a, Self.edited(Self.b)])))
    #expect(changes.accounts == [Self.edited(Self.b)])
    #expect(changes.removed == [Account.ID("c")])
    #expect(changes.order == nil)
    let moved = try #require(VersionChanges(from: S.vault([Self.a, Self.b]), to: S.vault([Self.b, Self.a])))
    #expect(moved.accounts.isEmpty && moved.order == [Account.ID("b"), Account.ID("a")])
  }

  @Test("an order naming an account neither side has does not apply")
  func badOrder() throws {
    var changes = try #require(VersionChanges(from: S.vault([Self.a]), to: S.vault([Self.a])))
    changes.order = [Account.ID("zzz")]
    #expect(changes.applying(to: S.vault([Self.a])) == nil)
  }

  @Test("applying the changes gives exactly the version, order included, for 2,000 random pairs")
  func randomPairsRoundTrip() throws {
    var random = RandomVaults(seed: 31)
    for _ in 0..<2000 {
      let parent = random.vault()
      let version = random.edited(random.chance(20) ? random.vault() : parent, side: "v")
      guard let changes = VersionChanges(from: parent, to: version) else { continue }
      #expect(changes.applying(to: parent) == version)
    }
  }
}
