import Domain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file steps of a sync: a new file written whole and flushed beside its target, then
/// renamed over it; copies kept in the vault's backups under their own names.
enum DurableFile {
  /// Writes `bytes` beside `path` under a temporary name and returns that name.
  static func prepare(_ bytes: [UInt8], for path: String) throws(DomainError) -> String {
    let temporary = POSIX.directory(of: path) + "/." + POSIX.fileName(of: path) + ".sync-\(getpid())"
    unlink(temporary)
    if let code = POSIX.writeNewFile(temporary, bytes) {
      throw .storage("cannot write beside \(path): \(POSIX.reason(code))")
    }
    return temporary
  }

  /// Renames `temporary` over `path` and flushes the folder (unless `flushingFolder` is false:
  /// the caller flushes it after a later rename in the same folder).
  static func commit(_ temporary: String, to path: String, flushingFolder: Bool = true) throws(DomainError) {
    guard rename(temporary, path) == 0 else {
      let reason = POSIX.reason()
      unlink(temporary)
      throw .storage("cannot replace \(path): \(reason)")
    }
    if flushingFolder { POSIX.syncDirectory(POSIX.directory(of: path)) }
  }

  /// Reads `path`; with `waitingForSyncthing`, a missing file Syncthing is replacing is
  /// waited for (`SyncthingGap`).
  static func read(_ path: String, waitingForSyncthing: Bool = false) throws(DomainError) -> [UInt8] {
    switch POSIX.readFile(path) {
    case .success(let bytes): return bytes
    case .failure(let error)
    where error.code == ENOENT && waitingForSyncthing && SyncthingGap.wait(for: path):
      return try read(path)
    case .failure(let error): throw .storage("cannot read \(path): \(POSIX.reason(error.code))")
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
    let placed = try place(in: folder, as: name) { candidate in
      linkat(AT_FDCWD, path, AT_FDCWD, candidate, AT_SYMLINK_FOLLOW) == 0 ? 0 : errno
    }
    // Another file system, or one without links: a copy.
    if case .failed = placed { try keep(try read(path), in: folder, as: name) }
  }

  private enum Placing {
    case placed
    case failed(candidate: String, code: Int32)
  }

  /// Makes `folder` and tries `put` on `name`, then `name-1.json`, `name-2.json`… while it
  /// answers EEXIST; flushes the folder once one is placed. `put` answers 0 or an error code.
  private static func place(in folder: String, as name: String, _ put: (String) -> Int32) throws(DomainError)
    -> Placing
  {
    if let code = POSIX.makeDirectories(folder) {
      throw .storage("cannot create \(folder): \(POSIX.reason(code))")
    }
    let stem = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
    let suffix = name.hasSuffix(".json") ? ".json" : ""
    for sequence in 0..<1000 {
      let candidate = folder + "/" + (sequence == 0 ? name : "\(stem)-\(sequence)\(suffix)")
      let code = put(candidate)
      if code == EEXIST { continue }
      guard code == 0 else { return .failed(candidate: candidate, code: code) }
      POSIX.syncDirectory(folder)
      return .placed
    }
    throw .storage("cannot find a free name for \(name) in \(folder)")
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

  /// Whether `path` is a folder.
  static func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Removes `path`, if it is there.
  static func remove(_ path: String) { unlink(path) }
}
