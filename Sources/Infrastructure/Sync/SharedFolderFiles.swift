import Domain

/// The file steps a shared vault source takes in its folder and the vault's backups: on disk
/// `DurableFile`'s (written whole, flushed, renamed), in tests an in-memory folder's.
public struct SharedFolderFiles: Sendable {
  /// The names in a folder.
  public var list: @Sendable (_ folder: String) throws(DomainError) -> [String]
  /// A file's bytes; with `waitingForSyncthing`, a file Syncthing is replacing is waited for.
  public var read: @Sendable (_ path: String, _ waitingForSyncthing: Bool) throws(DomainError) -> [UInt8]
  /// Writes bytes whole beside `path` under a temporary name, and returns that name.
  public var prepare: @Sendable (_ bytes: [UInt8], _ path: String) throws(DomainError) -> String
  /// Links the file at `path` into `folder` as `name` (or the first free name like it).
  public var keepLinked:
    @Sendable (_ path: String, _ folder: String, _ name: String) throws(DomainError) -> Void
  /// Renames a prepared temporary file over `path`.
  public var commit: @Sendable (_ temporary: String, _ path: String) throws(DomainError) -> Void
  /// Removes a prepared temporary file.
  public var remove: @Sendable (_ temporary: String) -> Void
  /// Moves the file at `path` into `folder`, under its name (or the first free name like it).
  public var move: @Sendable (_ path: String, _ folder: String) throws(DomainError) -> Void
  /// Whether nothing is at `path` (asked after a step on it failed: another device moved it away).
  public var isMissing: @Sendable (_ path: String) -> Bool
  /// Why the file at `path` is not read (a link, not a regular file, too large); nil when it may be.
  public var unusable: @Sendable (_ path: String) -> String?
  /// Puts a prepared temporary file at `path` where nothing is, never over a file that appeared
  /// meanwhile (another device's): that is an error.
  public var create: @Sendable (_ temporary: String, _ path: String) throws(DomainError) -> Void

  /// The steps from their closures.
  public init(
    list: @escaping @Sendable (_ folder: String) throws(DomainError) -> [String],
    read: @escaping @Sendable (_ path: String, _ waitingForSyncthing: Bool) throws(DomainError) -> [UInt8],
    prepare: @escaping @Sendable (_ bytes: [UInt8], _ path: String) throws(DomainError) -> String,
    keepLinked:
      @escaping @Sendable (_ path: String, _ folder: String, _ name: String) throws(DomainError) -> Void,
    commit: @escaping @Sendable (_ temporary: String, _ path: String) throws(DomainError) -> Void,
    remove: @escaping @Sendable (_ temporary: String) -> Void,
    move: @escaping @Sendable (_ path: String, _ folder: String) throws(DomainError) -> Void,
    isMissing: @escaping @Sendable (_ path: String) -> Bool = { _ in false },
    unusable: @escaping @Sendable (_ path: String) -> String? = { _ in nil },
    create: (@Sendable (_ temporary: String, _ path: String) throws(DomainError) -> Void)? = nil
  ) {
    self.list = list
    self.read = read
    self.prepare = prepare
    self.keepLinked = keepLinked
    self.commit = commit
    self.remove = remove
    self.move = move
    self.isMissing = isMissing
    self.unusable = unusable
    self.create = create ?? commit
  }

  /// The file system's, through `DurableFile`.
  public static let disk = SharedFolderFiles(
    list: { (folder) throws(DomainError) in try DurableFile.list(folder) },
    read: { (path, waiting) throws(DomainError) in try DurableFile.read(path, waitingForSyncthing: waiting) },
    prepare: { (bytes, path) throws(DomainError) in try DurableFile.prepare(bytes, for: path) },
    keepLinked: { (path, folder, name) throws(DomainError) in
      try DurableFile.keepLinked(path, in: folder, as: name)
    },
    commit: { (temporary, path) throws(DomainError) in try DurableFile.commit(temporary, to: path) },
    remove: { DurableFile.remove($0) },
    move: { (path, folder) throws(DomainError) in try DurableFile.move(path, into: folder) },
    isMissing: { DurableFile.isMissing($0) },
    unusable: { DurableFile.unusable($0) },
    create: { (temporary, path) throws(DomainError) in try DurableFile.create(temporary, at: path) })
}
