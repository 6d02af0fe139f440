import Codecs
import Crypto
import Data
import Domain
import OTP
import Synchronization

/// The versions a device read from its sources or wrote (sync.md "Two writers: which base"),
/// in `versions/` of the vault's state folder: one sealed file per version (`ID.json`, the
/// vault's header and key), whole or as its changes from a parent kept version, and
/// `index.json` naming each version, its parent and when it was kept. The newest 100 are kept,
/// and older ones for 90 days (1,000 at most); a version whose parent goes is written whole.
public final class KeptVersionFiles: KeptVersionStore, Sendable {
  /// One kept version in the index.
  struct Entry: Equatable, Sendable {
    var id: VersionLineage.ID
    var parent: VersionLineage.ID?
    var time: Int64
    /// The fingerprint of the version's exact contents (hex); nil in an index an earlier
    /// Twofold wrote.
    var fingerprint: String? = nil
  }

  /// Versions kept in any case.
  static let newest = 100
  /// How long older versions stay (seconds).
  static let maximumAge: Int64 = 90 * 24 * 3600
  /// Versions kept at most.
  static let most = 1000
  /// The longest chain of changes before a version is written whole.
  static let longestChain = 250

  private let folder: String
  private let vault: SealedVault
  private let random: RandomSource
  private let ids: IdentifierSource
  private let now: @Sendable () -> Int64
  private let cache = Mutex<[VersionLineage.ID: VaultContents]>([:])
  private let verified = Mutex<[VersionLineage.ID: Bool]>([:])
  private let ahead = Mutex<(work: [VersionLineage.ID: Ahead], parent: VaultContents?)>(([:], nil))

  /// What was worked out ahead for a version not kept: its fingerprint, and its changes from
  /// the likely parent.
  private typealias Prepared = (fingerprint: [UInt8], changes: VersionChanges?)

  /// Work `prefetch` began on a thread of its own, one thread for the versions of one call
  /// (on two cores, more threads would only slow the sync's own): for a kept id, the check of
  /// `version` against its kept copy (its answer then cached); for another, `version`'s
  /// fingerprint and its changes from the kept version prefetched before it (ours, the likely
  /// parent).
  private struct Ahead: Sendable {
    let version: VaultContents
    let parent: VaultContents?
    let batch: BackgroundValue<[Prepared?]>
    let index: Int

    /// The version's work, once its thread has done the whole batch.
    var value: Prepared? { batch.value[index] }
  }

  /// At most this many versions are worked on ahead, each on a thread of its own.
  static let mostAhead = 4

  /// The kept versions in `stateFolder`, sealed and opened like `vault`.
  public init(
    stateFolder: String, vault: SealedVault, random: RandomSource, ids: IdentifierSource,
    now: @escaping @Sendable () -> Int64
  ) {
    folder = stateFolder + "/versions"
    self.vault = vault
    self.random = random
    self.ids = ids
    self.now = now
  }

  /// What keeps every version a repository writes, into `stateFolder`.
  public static func keeper(
    stateFolder: String, random: RandomSource, ids: IdentifierSource, now: @escaping @Sendable () -> Int64
  ) -> VersionKeeper {
    VersionKeeper { version, previous, vault in
      let store = KeptVersionFiles(stateFolder: stateFolder, vault: vault, random: random, ids: ids, now: now)
      try? store.keep(version, parent: previous)
    }
  }

  /// What keeps every version written to the vault at `vault` (made absolute) in its state
  /// folder under `root`; nil when there is no state root.
  public static func keeper(
    forVault vault: String, root: String?, random: RandomSource, ids: IdentifierSource,
    now: @escaping @Sendable () -> Int64
  ) -> VersionKeeper? {
    guard let root else { return nil }
    // The folder is named only when a version is kept: a command that only reads pays nothing.
    return VersionKeeper { version, previous, sealed in
      let folder = StateLocation.folder(forVault: AgentProcess.absolutePath(vault), root: root)
      keeper(stateFolder: folder, random: random, ids: ids, now: now).keep(version, previous, sealed)
    }
  }

  private var indexPath: String { folder + "/index.json" }

  /// The kept versions, oldest first.
  func entries() -> [Entry] {
    guard case .success(let bytes) = POSIX.readFile(indexPath),
      let list = try? JSONValue(parsing: bytes).objectValue?["versions"]?.arrayValue
    else { return [] }
    return list.compactMap { value in
      guard let id = value["id"]?.stringValue.flatMap(VersionLineage.ID.init),
        let time = value["time"]?.int64Value
      else { return nil }
      return Entry(
        id: id, parent: value["parent"]?.stringValue.flatMap(VersionLineage.ID.init), time: time,
        fingerprint: value["fingerprint"]?.stringValue)
    }
  }

  /// `entries` by id.
  private static func byID(_ entries: [Entry]) -> [VersionLineage.ID: Entry] {
    Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The ids of the versions kept.
  public func keptIDs() -> Set<VersionLineage.ID> { Set(entries().map(\.id)) }

  /// A kept version rebuilt from its file and its parents', checked against its fingerprint.
  public func contents(of id: VersionLineage.ID) -> VaultContents? {
    _ = finished(id)
    let entries = Self.byID(entries())
    guard entries[id] != nil else { return nil }
    return checked(id, entries)
  }

  /// Begins, each on a thread of its own, checking the kept versions among `versions` against
  /// their kept copies and the fingerprints of the others, which `keep` would need.
  public func prefetch(_ versions: [VaultContents]) {
    let kept = keptIDs()
    ahead.withLock { ahead in
      var jobs: [(id: VersionLineage.ID, version: VaultContents, parent: VaultContents?, isKept: Bool)] = []
      for version in versions {
        guard ahead.work.count + jobs.count < Self.mostAhead, let id = version.lineage?.id,
          ahead.work[id] == nil, !jobs.contains(where: { $0.id == id })
        else { continue }
        let isKept = kept.contains(id)
        if isKept, ahead.parent == nil { ahead.parent = version }
        jobs.append((id, version, isKept ? nil : ahead.parent, isKept))
      }
      guard !jobs.isEmpty else { return }
      let batch = BackgroundValue { [self, jobs] () -> [Prepared?] in
        jobs.map { job -> Prepared? in
          guard !job.isKept else {
            _ = check(job.id, sameAs: job.version)
            return nil
          }
          return (
            KeptVersionSeal.fingerprint(job.version),
            job.parent.flatMap { VersionChanges(from: $0, to: job.version) }
          )
        }
      }
      for (index, job) in jobs.enumerated() {
        ahead.work[job.id] = Ahead(version: job.version, parent: job.parent, batch: batch, index: index)
      }
    }
  }

  /// Waits until all the work begun ahead has finished. That work holds this store, so it may
  /// outlive its owner's last reference: whoever starts it waits here before letting it go
  /// (a process that exits while a thread still runs can crash in its exit handlers).
  public func finishWorkAhead() {
    for ahead in ahead.withLock({ Array($0.work.values) }) { _ = ahead.value }
  }

  /// The work begun ahead for `id`, once finished; nil when none was begun.
  private func finished(_ id: VersionLineage.ID) -> Ahead? {
    guard let ahead = ahead.withLock({ $0.work[id] }) else { return nil }
    _ = ahead.value
    return ahead
  }

  /// Whether the kept version `id`, rebuilt, holds what `version` holds; a match marks it checked.
  public func holds(_ id: VersionLineage.ID, sameAs version: VaultContents) -> Bool? {
    _ = finished(id)
    return check(id, sameAs: version)
  }

  private func check(_ id: VersionLineage.ID, sameAs version: VaultContents) -> Bool? {
    let entries = Self.byID(entries())
    guard entries[id] != nil, verified.withLock({ $0[id] }) != false else { return nil }
    if verified.withLock({ $0[id] }) == true, let contents = cache.withLock({ $0[id] }) {
      return contents.holdsSame(as: version)
    }
    guard let (contents, _) = rebuilt(id, entries) else { return nil }
    guard contents.lineage?.id == id, contents.holdsSame(as: version) else { return false }
    verified.withLock { $0[id] = true }
    return true
  }

  private func checked(_ id: VersionLineage.ID, _ entries: [VersionLineage.ID: Entry]) -> VaultContents? {
    switch verified.withLock({ $0[id] }) {
    case false?: return nil
    case true?: if let contents = cache.withLock({ $0[id] }) { return contents }
    case nil: break
    }
    guard let (contents, fingerprint) = rebuilt(id, entries) else { return nil }
    if verified.withLock({ $0[id] }) == true { return contents }
    let good = KeptVersionSeal.fingerprint(contents) == fingerprint && contents.lineage?.id == id
    verified.withLock { $0[id] = good }
    return good ? contents : nil
  }

  /// The version `id` and the fingerprint its file records, following parents to a whole one.
  private func rebuilt(_ id: VersionLineage.ID, _ entries: [VersionLineage.ID: Entry]) -> (
    VaultContents, [UInt8]
  )? {
    var chain: [(VersionLineage.ID, KeptVersionSeal.Body, [UInt8])] = []
    var next: VersionLineage.ID? = id
    var start: VaultContents?
    while let current = next {
      if let cached = cache.withLock({ $0[current] }), !chain.isEmpty {
        start = cached
        break
      }
      guard chain.count <= entries.count, entries[current] != nil,
        case .success(let bytes) = POSIX.readFile(path(of: current)),
        let opened = KeptVersionSeal.open(bytes, masterKey: vault.masterKey, ids: ids)
      else { return nil }
      chain.append((current, opened.body, opened.fingerprint))
      switch opened.body {
      case .whole: next = nil
      case .changes(let parent, _): next = parent
      }
    }
    var contents = start
    for (current, body, _) in chain.reversed() {
      switch body {
      case .whole(let whole): contents = whole
      case .changes(_, let changes):
        guard let parent = contents, let applied = changes.applying(to: parent) else { return nil }
        contents = applied
      }
      let made = contents
      cache.withLock { $0[current] = made }
    }
    guard let contents, let fingerprint = chain.first?.2 else { return nil }
    return (contents, fingerprint)
  }

  private func path(of id: VersionLineage.ID) -> String { folder + "/" + id.rawValue + ".json" }

  /// Keeps `version` (its changes from `parent` when `parent` is kept and its chain is short),
  /// then lets the oldest go.
  public func keep(_ version: VaultContents, parent: VaultContents?) throws(DomainError) {
    try keep([(version, parent)])
  }

  /// Keeps each version as `keep(_:parent:)` does: each file written and flushed, then the
  /// index once and the folder once.
  public func keep(_ versions: [(version: VaultContents, parent: VaultContents?)]) throws(DomainError) {
    var entries = entries()
    let count = entries.count
    for (version, parent) in versions {
      guard let id = version.lineage?.id, !entries.contains(where: { $0.id == id }) else { continue }
      if entries.count == count, let code = POSIX.makeDirectories(folder) {
        throw .storage("cannot create \(folder): \(POSIX.reason(code))")
      }
      // Work begun ahead on this very version counts; its changes only from this very parent.
      let ready = finished(id).flatMap { ahead in ahead.version == version ? ahead : nil }
      let fingerprint = ready?.value?.fingerprint ?? KeptVersionSeal.fingerprint(version)
      var body = KeptVersionSeal.Body.whole(version)
      // Kept as changes only from a parent whose rebuild gives exactly these contents (applying
      // changes to it then gives exactly this version, VersionChangesTests): a kept version is
      // what its id says, and one whose rebuild fails its fingerprint is not used.
      if let parent, let parentID = parent.lineage?.id, parentID != id,
        depth(of: parentID, in: entries) < Self.longestChain,
        let recorded = entries.last(where: { $0.id == parentID })?.fingerprint,
        rebuildsAs(parent, id: parentID, recorded: recorded),
        let changes = ready?.parent == parent
          ? ready?.value?.changes : VersionChanges(from: parent, to: version)
      {
        body = .changes(parent: parentID, changes)
      }
      try write(body, fingerprint: fingerprint, as: id, flushingFolder: false)
      cache.withLock { $0[id] = version }
      var entry = Entry(id: id, parent: nil, time: now(), fingerprint: Hex.encode(fingerprint))
      if case .changes(let parentID, _) = body { entry.parent = parentID }
      entries.append(entry)
    }
    guard entries.count > count else { return }
    try prune(&entries)
    try writeIndex(entries)
  }

  /// Whether `parent` is exactly what rebuilding the kept version `id` gives, so changes from
  /// it rebuild exactly: equal to the contents this store rebuilt or wrote for `id` (a sync's
  /// ours, checked ahead), else of the fingerprint the index records for `id`.
  private func rebuildsAs(_ parent: VaultContents, id: VersionLineage.ID, recorded: String) -> Bool {
    if let rebuilt = cache.withLock({ $0[id] }), rebuilt == parent { return true }
    return recorded == Hex.encode(KeptVersionSeal.fingerprint(parent))
  }

  /// The length of the chain of changes from `id` back to a whole version; `Int.max` when
  /// `id` is not kept.
  private func depth(of id: VersionLineage.ID, in entries: [Entry]) -> Int {
    let byID = Self.byID(entries)
    var length = 0
    var current = byID[id]
    guard current != nil else { return .max }
    while let entry = current, let parent = entry.parent {
      length += 1
      guard length <= entries.count, let next = byID[parent] else { return .max }
      current = next
    }
    return length
  }

  /// Seals and writes a kept version's file, flushed; the folder too unless `flushingFolder` is
  /// false (the index written after it flushes the folder for both).
  private func write(
    _ body: KeptVersionSeal.Body, fingerprint: [UInt8], as id: VersionLineage.ID, flushingFolder: Bool = true
  ) throws(DomainError) {
    var bytes = try KeptVersionSeal.seal(body, fingerprint: fingerprint, like: vault, random: random)
    defer { wipe(&bytes) }
    let target = path(of: id)
    try DurableFile.commit(
      try DurableFile.prepare(bytes, for: target), to: target, flushingFolder: flushingFolder)
  }

  /// Drops the oldest versions past the newest 100 once older than 90 days, and any past
  /// 1,000; a kept version whose parent goes is written whole first.
  private func prune(_ entries: inout [Entry]) throws(DomainError) {
    let cutoff = now() - Self.maximumAge
    var dropped = 0
    while entries.count - dropped > Self.most
      || (entries.count - dropped > Self.newest && entries[dropped].time < cutoff)
    {
      dropped += 1
    }
    guard dropped > 0 else { return }
    let gone = Set(entries.prefix(dropped).map(\.id))
    let byID = Self.byID(entries)
    var kept = Array(entries.dropFirst(dropped))
    var lost: Set<VersionLineage.ID> = []
    for index in kept.indices {
      guard let parent = kept[index].parent, gone.contains(parent) else { continue }
      kept[index].parent = nil
      guard let contents = checked(kept[index].id, byID) else {
        // A version that cannot be rebuilt is no longer kept.
        lost.insert(kept[index].id)
        DurableFile.remove(path(of: kept[index].id))
        continue
      }
      try write(.whole(contents), fingerprint: KeptVersionSeal.fingerprint(contents), as: kept[index].id)
    }
    kept.removeAll { lost.contains($0.id) }
    for id in gone { DurableFile.remove(path(of: id)) }
    entries = kept
  }

  private func writeIndex(_ entries: [Entry]) throws(DomainError) {
    let list = entries.map { entry in
      var object = JSONObject([("id", .string(entry.id.rawValue)), ("time", .number(JSONNumber(entry.time)))])
      if let parent = entry.parent { object["parent"] = .string(parent.rawValue) }
      if let fingerprint = entry.fingerprint { object["fingerprint"] = .string(fingerprint) }
      return JSONValue.object(object)
    }
    let bytes = JSONValue.object(
      JSONObject([("version", .number(JSONNumber(Int64(1)))), ("versions", .array(list))])
    ).serialized()
    try DurableFile.commit(try DurableFile.prepare(bytes + [0x0a], for: indexPath), to: indexPath)
  }
}
