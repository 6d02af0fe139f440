import Codecs
import Crypto
import Data
import Domain
import OTP

#if canImport(Glibc)
  import Glibc
#endif

/// The bases and the remembered sources of one vault, in the device's state folder for it
/// (`StateLocation`, never beside the vault): each base an Aegis vault sealed under the
/// vault's own header and key (so the same code and password read it, and it is never
/// plaintext), and `sources.json` naming each source, its kind, its base file and, for a
/// backup folder, the SHA-256 of the backup last consumed. Files an earlier Twofold kept in
/// `sync/` beside the vault are moved there on first use.
public final class SyncBaseFiles: SyncBaseStore, Sendable {
  /// One remembered source.
  public struct Remembered: Equatable, Sendable {
    /// Its absolute path.
    public var path: String
    /// `vault` or `aegis-backups`.
    public var kind: String
    /// Its base file's name in `sync/`.
    public var base: String
    /// The SHA-256 of the backup last consumed.
    public var consumed: String?
    /// The source's own master key, sealed under the vault's, when the vault's key does not
    /// open it (so the agent syncs it without a password).
    var key: SourceKey? = nil
  }

  private let folder: String
  private let stem: String
  private let vault: SealedVault?
  private let random: RandomSource
  private let ids: IdentifierSource

  /// The sync files of the vault at `vaultPath`, in `stateFolder`; `vault` (the vault opened
  /// with its key) seals and opens the bases. Without it only the remembered sources can be read.
  public init(
    vaultPath: String, stateFolder: String, vault: SealedVault?, random: RandomSource, ids: IdentifierSource
  ) {
    folder = stateFolder
    stem = BackupName.stem(of: POSIX.fileName(of: vaultPath))
    self.vault = vault
    self.random = random
    self.ids = ids
    Self.moveEarlierFiles(of: vaultPath, stem: stem, into: stateFolder)
  }

  private var registryPath: String { folder + "/sources.json" }

  /// Moves the registry and bases an earlier Twofold kept in `sync/` beside the vault into the
  /// state folder, once (while the state folder has no registry yet).
  private static func moveEarlierFiles(of vaultPath: String, stem: String, into folder: String) {
    let earlier = POSIX.directory(of: vaultPath) + "/sync"
    let registry = earlier + "/" + stem + ".sources.json"
    guard case .success = POSIX.readFile(registry), case .failure = POSIX.readFile(folder + "/sources.json"),
      POSIX.makeDirectories(folder) == nil
    else { return }
    for name in POSIX.listDirectory(earlier)
    where name.hasPrefix(stem + "-") && name.hasSuffix(".base.json") {
      guard case .success(let bytes) = POSIX.readFile(earlier + "/" + name),
        (try? DurableFile.commit(
          try DurableFile.prepare(bytes, for: folder + "/" + name), to: folder + "/" + name))
          != nil
      else { return }
    }
    guard case .success(let bytes) = POSIX.readFile(registry),
      (try? DurableFile.commit(
        try DurableFile.prepare(bytes, for: folder + "/sources.json"), to: folder + "/sources.json"))
        != nil
    else { return }
    for name in POSIX.listDirectory(earlier)
    where name.hasPrefix(stem + "-") || name == stem + ".sources.json" {
      DurableFile.remove(earlier + "/" + name)
    }
    rmdir(earlier)
  }

  /// The sources synced before, in the order first synced.
  public func remembered() throws(DomainError) -> [Remembered] {
    guard case .success(let bytes) = POSIX.readFile(registryPath) else { return [] }
    guard let object = try? JSONValue(parsing: bytes).objectValue, let sources = object["sources"]?.arrayValue
    else {
      throw .storage("\(registryPath) cannot be read; remove it to start the syncs afresh")
    }
    return sources.compactMap { value in
      guard let path = value["path"]?.stringValue, let kind = value["kind"]?.stringValue,
        let base = value["base"]?.stringValue, !base.contains("/")
      else { return nil }
      return Remembered(
        path: path, kind: kind, base: base, consumed: value["consumed"]?.stringValue,
        key: SourceKey(json: value["key"]))
    }
  }

  /// The base kept for `source`.
  public func base(of source: String) throws(DomainError) -> VaultContents? {
    guard let entry = try remembered().first(where: { $0.path == source }) else { return nil }
    let path = folder + "/" + entry.base
    guard case .success(let bytes) = POSIX.readFile(path) else { return nil }
    guard let vault else { throw .passwordRequired }
    do throws(SealedVault.Failure) {
      return try SealedVault.open(bytes, keys: [vault.masterKey], passwords: [], ids: ids).contents
    } catch {
      throw .storage(
        "the sync base \(path) does not open with the vault's key; 'twofold sync --forget \(source)' starts afresh"
      )
    }
  }

  /// What was consumed from `source` last.
  public func consumed(from source: String) -> String? {
    (try? remembered())?.first { $0.path == source }?.consumed
  }

  /// Seals `base` beside the others; the commit puts it in place and records the source.
  public func prepare(_ base: VaultContents, of syncSource: any SyncSource, consumed: String?)
    throws(DomainError)
    -> SyncCommit
  {
    let source = syncSource.location
    let kind = syncSource.isTwoWay ? "vault" : "aegis-backups"
    guard let vault else { throw .passwordRequired }
    if let code = POSIX.makeDirectories(folder) {
      throw .storage("cannot create \(folder): \(POSIX.reason(code))")
    }
    let name = "\(stem)-\(Hex.encode(Digest.sha256(Array(source.utf8)).prefix(8))).base.json"
    var bytes = try vault.sealing(base, random: random)
    defer { wipe(&bytes) }
    let path = folder + "/" + name
    let temporary = try DurableFile.prepare(bytes, for: path)
    var entry = Remembered(path: source, kind: kind, base: name, consumed: consumed)
    if let opened = (syncSource as? any KeyedSyncSource)?.openedKey, !Self.same(opened, vault.masterKey) {
      entry.key = SourceKey.seal(opened, for: source, under: vault.masterKey, random: random)
    }
    return SyncCommit(
      commit: { [self, entry] () throws(DomainError) in
        try DurableFile.commit(temporary, to: path)
        try record(entry)
      }, discard: { DurableFile.remove(temporary) })
  }

  /// The master keys of the remembered sources the vault's key does not open, as the syncs
  /// that read them kept them (those that do not open are left out).
  public func sourceKeys() -> [SecretBytes] {
    guard let vault, let sources = try? remembered() else { return [] }
    return sources.compactMap { source in source.key?.open(for: source.path, under: vault.masterKey) }
  }

  private static func same(_ first: SecretBytes, _ second: SecretBytes) -> Bool {
    first.withUnsafeBytes { a in second.withUnsafeBytes { b in ConstantTime.equals(a, b) } }
  }

  /// Drops `source` and its base; false when it was not remembered.
  public func forget(_ source: String) throws(DomainError) -> Bool {
    var sources = try remembered()
    guard let index = sources.firstIndex(where: { $0.path == source }) else { return false }
    let entry = sources.remove(at: index)
    try write(sources)
    DurableFile.remove(folder + "/" + entry.base)
    return true
  }

  private func record(_ entry: Remembered) throws(DomainError) {
    var sources = try remembered()
    if let index = sources.firstIndex(where: { $0.path == entry.path }) {
      sources[index] = entry
    } else {
      sources.append(entry)
    }
    try write(sources)
  }

  private func write(_ sources: [Remembered]) throws(DomainError) {
    let list = sources.map { source in
      var object = JSONObject([
        ("path", .string(source.path)), ("kind", .string(source.kind)), ("base", .string(source.base)),
      ])
      if let consumed = source.consumed { object["consumed"] = .string(consumed) }
      if let key = source.key { object["key"] = key.json }
      return JSONValue.object(object)
    }
    let bytes = JSONValue.object(
      JSONObject([("version", .number(JSONNumber(Int64(1)))), ("sources", .array(list))])
    )
    .serialized(pretty: true)
    try DurableFile.commit(try DurableFile.prepare(bytes + [0x0a], for: registryPath), to: registryPath)
  }
}
