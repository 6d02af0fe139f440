/// A vault version's identity and ancestry, as every file Twofold writes carries it inside its
/// encrypted db (`twofold_sync`, sync.md "Two writers: which base"): a fresh id per write and
/// the ids it descends from, nearest first, without repeats, at most `limit`.
public struct VersionLineage: Hashable, Sendable {
  /// A version's id (a UUID as Twofold writes it).
  public struct ID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The id's text.
    public let rawValue: String

    /// An id from its text; nil unless it is 1 to 64 letters, digits and hyphens (so it can
    /// also name a file).
    public init?(_ rawValue: String) {
      guard (1...64).contains(rawValue.utf8.count),
        rawValue.utf8.allSatisfy({ Self.isAllowed($0) })
      else { return nil }
      self.rawValue = rawValue
    }

    /// The id's text.
    public var description: String { rawValue }

    /// Orders by text.
    public static func < (lhs: ID, rhs: ID) -> Bool { lhs.rawValue < rhs.rawValue }

    private static func isAllowed(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "-"):
        return true
      default: return false
      }
    }
  }

  /// How many ancestors a version carries at most.
  public static let limit = 100
  /// The db member that carries a version's lineage in a vault file.
  public static let field = "twofold_sync"

  /// A field this version's merge resolved by keeping the merging device's value over the value
  /// of the version `lost` merged in, so the device that wrote `lost` is told when it takes this
  /// version (its report names the conflict it lost).
  public struct Resolved: Hashable, Sendable {
    /// The account, by UUID.
    public let account: Account.ID
    /// The field whose value was kept.
    public let field: MergeField
    /// The version whose value lost.
    public let lost: ID

    /// Names a resolved conflict.
    public init(account: Account.ID, field: MergeField, lost: ID) {
      self.account = account
      self.field = field
      self.lost = lost
    }
  }

  /// How many resolved conflicts a version records at most.
  public static let resolvedLimit = 1000

  /// This version's id.
  public let id: ID
  /// The versions it descends from, nearest first: the one it replaced, then those merged in,
  /// then their own ancestors breadth first.
  public let ancestors: [ID]
  /// The conflicts this version's merge resolved against versions merged in (empty for any
  /// other write), at most `resolvedLimit`.
  public var resolved: [Resolved] = [] {
    didSet {
      if resolved.count > Self.resolvedLimit { resolved.removeLast(resolved.count - Self.resolvedLimit) }
    }
  }

  /// A lineage as read; nil when it is not one (`id` among its ancestors, an ancestor twice,
  /// more than `limit` ancestors): such a version is treated as having no ancestry.
  public init?(id: ID, ancestors: [ID]) {
    guard ancestors.count <= Self.limit, !ancestors.contains(id), Set(ancestors).count == ancestors.count
    else { return nil }
    self.id = id
    self.ancestors = ancestors
  }

  /// The first version of a vault: no ancestors.
  public static func first(_ id: ID) -> VersionLineage {
    VersionLineage(unchecked: id, ancestors: [])
  }

  private init(unchecked id: ID, ancestors: [ID]) {
    self.id = id
    self.ancestors = ancestors
  }

  /// Whether `other` is this version or one of its ancestors.
  public func includes(_ other: ID) -> Bool { other == id || ancestors.contains(other) }

  /// The lineage of a write `id` that replaces `replaced` (nil: a file without lineage) and
  /// merges `merged` in: their ids, then their ancestors breadth first (the first ancestor of
  /// each, then the second of each, …), without repeats, at most `limit`.
  public static func written(
    _ id: ID, replacing replaced: VersionLineage?, merging merged: [VersionLineage] = []
  ) -> VersionLineage {
    let parents = ([replaced].compactMap { $0 } + merged)
    var seen: Set<ID> = [id]
    var ancestors: [ID] = []
    func add(_ candidate: ID) {
      guard ancestors.count < limit, seen.insert(candidate).inserted else { return }
      ancestors.append(candidate)
    }
    for parent in parents { add(parent.id) }
    let depth = parents.map(\.ancestors.count).max() ?? 0
    for level in 0..<depth {
      for parent in parents where level < parent.ancestors.count { add(parent.ancestors[level]) }
    }
    return VersionLineage(unchecked: id, ancestors: ancestors)
  }
}

extension VersionLineage.ID {
  /// A fresh id from `ids` (a UUID in the app, a counter in tests); a character an id cannot
  /// hold becomes a hyphen.
  public static func fresh(_ ids: IdentifierSource) -> VersionLineage.ID {
    let text = ids.next()
    if let id = VersionLineage.ID(text) { return id }
    let cleaned = String(
      text.unicodeScalars.prefix(64).map { scalar -> Character in
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
          ? Character(scalar) : "-"
      })
    return VersionLineage.ID(cleaned.isEmpty ? "version" : cleaned) ?? VersionLineage.ID("version")!
  }
}

extension VaultContents {
  /// These contents as a new write over `previous`: a fresh id descending from it, unless the
  /// change already set a lineage of its own (a sync) or changed nothing.
  public func stamped(over previous: VaultContents, ids: IdentifierSource) -> VaultContents {
    guard lineage == previous.lineage, !holdsSame(as: previous) else { return self }
    var stamped = self
    stamped.lineage = .written(.fresh(ids), replacing: previous.lineage)
    stamped.preserved.removeAll { $0.key == VersionLineage.field }
    return stamped
  }
}
