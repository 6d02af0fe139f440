import Domain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The durable file steps of the vault's saves and of a sync: a new file written whole and
/// flushed beside its target, then renamed over it, the folder flushed; copies kept in the
/// vault's backups under their own names.
enum DurableFile {
  /// Writes `bytes` beside `path` under a temporary name and returns that name.
  static func prepare(_ bytes: [UInt8], for path: String) throws(DomainError) -> String {
    let temporary = POSIX.directory(of: path) + "/." + POSIX.fileName(of: path) + ".sync-\(getpid())"
    if let code = write(bytes, to: temporary) {
      throw .storage("cannot write beside \(path): \(POSIX.reason(code))")
    }
    return temporary
  }

  /// Renames `temporary` over `path` and flushes the folder (unless `flushingFolder` is false:
  /// the caller flushes it after a later rename in the same folder).
  static func commit(_ temporary: String, to path: String, flushingFolder: Bool = true) throws(DomainError) {
    if let code = install(temporary, at: path) {
      throw .storage("cannot replace \(path): \(POSIX.reason(code))")
    }
    if flushingFolder { POSIX.syncDirectory(POSIX.directory(of: path)) }
  }

  /// Gives `temporary` the name `path` where nothing is (a link refuses to replace a file), then
  /// removes `temporary` and flushes the folder.
  static func create(_ temporary: String, at path: String) throws(DomainError) {
    defer { unlink(temporary) }
    guard linkat(AT_FDCWD, temporary, AT_FDCWD, path, 0) == 0 else {
      if errno == EEXIST {
        throw .storage("\(path) appeared while it was being created: sync again to merge it")
      }
      throw .storage("cannot create \(path): \(POSIX.reason())")
    }
    POSIX.syncDirectory(POSIX.directory(of: path))
  }

  /// Writes `bytes` whole and flushed to the new file `temporary` (a leftover of that name goes
  /// first); the error code when it cannot, with nothing left behind.
  static func write(_ bytes: [UInt8], to temporary: String) -> Int32? {
    unlink(temporary)
    return POSIX.writeNewFile(temporary, bytes)
  }

  /// Renames `temporary` over `path` (the folder is the caller's to flush); the error code when
  /// it cannot, `temporary` then removed.
  static func install(_ temporary: String, at path: String) -> Int32? {
    guard rename(temporary, path) != 0 else { return nil }
    let code = errno
    unlink(temporary)
    return code
  }

  /// Reads `path`; with `waitingForSyncthing`, a missing file Syncthing is replacing is
  /// waited for (`SyncthingGap`).
  static func read(_ path: String, waitingForSyncthing: Bool = false) throws(DomainError) -> [UInt8] {
    if let reason = unusable(path) { throw .storage("\(path) \(reason)") }
    switch POSIX.readRegularFile(path, limit: largestSyncedFile) {
    case .success(let bytes): return bytes
    case .failure(let error)
    where error.code == ENOENT && waitingForSyncthing && SyncthingGap.wait(for: path):
      return try read(path)
    case .failure(let error):
      // Changed into something else between the look and the read.
      if let reason = unusable(path) { throw .storage("\(path) \(reason)") }
      throw .storage("cannot read \(path): \(POSIX.reason(error.code))")
    }
  }

  /// The largest file a sync reads from a folder others can write (a vault of 10,000 accounts
  /// is about 3 MiB; icons add up to 1 MiB each): anything larger is not read at all.
  static let largestSyncedFile = 256 << 20

  /// Why the file at `path`, in a folder others can write (a Syncthing peer, another user), is
  /// not read: a symbolic link (never followed), not a regular file (a FIFO, a device, a
  /// folder), or larger than `largestSyncedFile` (a sparse file); nil when it may be read or is
  /// missing.
  static func unusable(_ path: String) -> String? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      return Int(info.st_size) > largestSyncedFile
        ? "is larger than \(largestSyncedFile >> 20) MiB, too large for a vault: left alone" : nil
    case S_IFLNK: return "is a symbolic link: Twofold follows no link in a synced folder, left alone"
    case S_IFDIR: return "is a folder, not a vault file: left alone"
    default: return "is not a regular file (a FIFO, a socket or a device): left alone"
    }
  }

  /// Puts `bytes` into `folder` as `name` (or `name` with `-N` before `.json` when taken), flushed.
  static func keep(_ bytes: [UInt8], in folder: String, as name: String) throws(DomainError) {
    let placed = try place(in: folder, as: name) { candidate in POSIX.writeNewFile(candidate, bytes) ?? 0 }
    if case .failed(let candidate, let code) = placed {
      throw .storage("cannot write \(candidate): \(POSIX.reason(code))")
    }
  }

  /// Puts the file at `path` into `folder` as `name` (or `name-N.json`) as `keep` does, by a
  /// second name for the same file (a hard link: nothing copied, nothing to flush but the
  /// folder) where the file system allows it, else as a flushed copy. Only for files that are
  /// replaced by a rename, never written in place, so the kept one never changes.
  static func keepLinked(_ path: String, in folder: String, as name: String) throws(DomainError) {
    // A kept file is 0600: one others may read is copied.
    guard isPrivate(path) else { return try keep(try read(path), in: folder, as: name) }
    let placed = try place(in: folder, as: name) { link(path, as: $0) }
    // Another file system, or one without links: a copy.
    if case .failed = placed { try keep(try read(path), in: folder, as: name) }
  }

  /// What became of putting a file into a folder under the first free name.
  enum Placing: Equatable {
    /// Put, the folder flushed.
    case placed
    /// `put` failed on `candidate` with `code`, not for the name being taken.
    case failed(candidate: String, code: Int32)
    /// Every name tried was taken.
    case exhausted
  }

  /// Tries `put` on `folder/naming(0)`, then `naming(1)`, `naming(2)`… while it answers EEXIST;
  /// flushes the folder once one is placed. `put` answers 0 or an error code.
  static func place(in folder: String, naming: (Int) -> String, _ put: (String) -> Int32) -> Placing {
    for sequence in 0..<1000 {
      let candidate = folder + "/" + naming(sequence)
      let code = put(candidate)
      if code == EEXIST { continue }
      guard code == 0 else { return .failed(candidate: candidate, code: code) }
      POSIX.syncDirectory(folder)
      return .placed
    }
    return .exhausted
  }

  /// Makes `folder` and places as `place` does under `name`, then `name-1.json`, `name-2.json`…
  private static func place(in folder: String, as name: String, _ put: (String) -> Int32) throws(DomainError)
    -> Placing
  {
    if let code = POSIX.makeDirectories(folder) {
      throw .storage("cannot create \(folder): \(POSIX.reason(code))")
    }
    let stem = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
    let suffix = name.hasSuffix(".json") ? ".json" : ""
    let placed = place(in: folder, naming: { $0 == 0 ? name : "\(stem)-\($0)\(suffix)" }, put)
    guard placed != .exhausted else { throw .storage("cannot find a free name for \(name) in \(folder)") }
    return placed
  }

  /// Links the file at `source` into `folder` as `place` names it (`AT_SYMLINK_FOLLOW`).
  static func link(_ source: String, into folder: String, naming: (Int) -> String) -> Placing {
    place(in: folder, naming: naming) { link(source, as: $0) }
  }

  /// Gives the file at `source` the second name `name`: 0 or the error code.
  private static func link(_ source: String, as name: String) -> Int32 {
    linkat(AT_FDCWD, source, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0 ? 0 : errno
  }

  /// Moves `path` into `folder` under its own name: kept there first, then removed here.
  static func move(_ path: String, into folder: String) throws(DomainError) {
    try keepLinked(path, in: folder, as: POSIX.fileName(of: path))
    guard unlink(path) == 0 else { throw .storage("cannot remove \(path): \(POSIX.reason())") }
    POSIX.syncDirectory(POSIX.directory(of: path))
  }

  /// The names in `folder`, or why it cannot be listed.
  static func list(_ folder: String) throws(DomainError) -> [String] {
    guard let directory = opendir(folder) else { throw .storage("cannot read \(folder): \(POSIX.reason())") }
    closedir(directory)
    return POSIX.listDirectory(folder)
  }

  /// Whether the file at `path` (followed) is readable and writable by its owner only.
  static func isPrivate(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & 0o077 == 0
  }

  /// Whether nothing is at `path` (followed): ENOENT, not another failure.
  static func isMissing(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) != 0 && errno == ENOENT
  }

  /// Whether `path` is a folder.
  static func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Removes `path`, if it is there.
  static func remove(_ path: String) { unlink(path) }
}
