/// What a sync reads from a source: the versions to merge in, in order (a shared file's own
/// contents first, then its conflict copies oldest first; for a backup folder, its newest
/// backup), and what identifies what was read.
public struct SyncSnapshot: Sendable {
  /// The versions to merge, in order; empty when there is nothing new (the newest backup was
  /// consumed already).
  public var versions: [VaultContents]
  /// What identifies the newest backup read (its SHA-256), for one-way sources.
  public var consumed: String?
  /// Problems that did not stop the sync (a conflict-copy name that does not parse), for the report.
  public var notes: [String]

  /// Describes what was read.
  public init(versions: [VaultContents], consumed: String? = nil, notes: [String] = []) {
    self.versions = versions
    self.consumed = consumed
    self.notes = notes
  }
}

/// A write prepared in full (a new file flushed beside the old one) and made real by `commit`.
public struct SyncCommit: Sendable {
  /// Puts the prepared file in place (and keeps the old one in the backups).
  public var commit: @Sendable () throws(DomainError) -> Void
  /// Throws the prepared file away.
  public var discard: @Sendable () -> Void

  /// Wraps the two steps.
  public init(
    commit: @escaping @Sendable () throws(DomainError) -> Void, discard: @escaping @Sendable () -> Void
  ) {
    self.commit = commit
    self.discard = discard
  }
}

/// A place a vault syncs with (Infrastructure: a shared vault file, a folder of Aegis backups).
public protocol SyncSource: Sendable {
  /// The source's absolute path, as the report and the remembered sources name it.
  var location: String { get }
  /// Whether the merge result is written back (a shared file) or only read (a backup folder).
  var isTwoWay: Bool { get }
  /// Whether the source has a base of its own and is remembered (not the vault's own
  /// conflict copies, which are merged against kept versions only).
  var isRemembered: Bool { get }
  /// Reads and decrypts what is there; nothing is written.
  func read() throws(DomainError) -> SyncSnapshot
  /// Prepares writing `contents` over the source (two-way sources only).
  func prepare(_ contents: VaultContents) throws(DomainError) -> SyncCommit
  /// After every file is written: moves what was merged in (conflict copies) into the backups.
  func finish() throws(DomainError)
}

extension SyncSource {
  /// Sources are remembered unless they say otherwise.
  public var isRemembered: Bool { true }
}

/// The base of each source (what both sides agreed on at the last sync) and the remembered sources.
public protocol SyncBaseStore: Sendable {
  /// The base kept for `source`, nil before a first sync.
  func base(of source: String) throws(DomainError) -> VaultContents?
  /// What was consumed from `source` last time (one-way sources).
  func consumed(from source: String) -> String?
  /// Prepares keeping `base` for `source` (remembering the source and its kind).
  func prepare(_ base: VaultContents, of source: any SyncSource, consumed: String?) throws(DomainError)
    -> SyncCommit
}

/// The versions this device read from its sources or wrote, by id (sync.md "Two writers: which
/// base"): what a sync merges against when two devices wrote apart.
public protocol KeptVersionStore: Sendable {
  /// The ids of the versions kept.
  func keptIDs() -> Set<VersionLineage.ID>
  /// A kept version's contents; nil when it is not kept or cannot be read whole (damaged).
  func contents(of id: VersionLineage.ID) -> VaultContents?
  /// Keeps `version` (one with a lineage), as its changes from `parent` where that is kept.
  func keep(_ version: VaultContents, parent: VaultContents?) throws(DomainError)
  /// Keeps each version in turn, as `keep(_:parent:)` does, at once (one flush of the store).
  func keep(_ versions: [(version: VaultContents, parent: VaultContents?)]) throws(DomainError)
  /// Whether the kept version `id` holds what `version` holds: `version` is the one carrying
  /// that id, read whole from its file, so a match vouches for the kept copy as its fingerprint
  /// would. nil when `id` is not kept or cannot be rebuilt.
  func holds(_ id: VersionLineage.ID, sameAs version: VaultContents) -> Bool?
  /// Told the versions a sync is about to check against their kept copies or keep (ours at its
  /// start, those read once read), so the store can begin that work beside the merge; the
  /// answers of the other methods do not change.
  func prefetch(_ versions: [VaultContents])
}

extension KeptVersionStore {
  /// One after the other.
  public func keep(_ versions: [(version: VaultContents, parent: VaultContents?)]) throws(DomainError) {
    for (version, parent) in versions { try keep(version, parent: parent) }
  }

  /// Nothing is done ahead.
  public func prefetch(_ versions: [VaultContents]) {}

  /// Compares with the kept contents, checked as `contents(of:)` checks them.
  public func holds(_ id: VersionLineage.ID, sameAs version: VaultContents) -> Bool? {
    contents(of: id).map { $0.holdsSame(as: version) }
  }
}
