import Domain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The imported icon packs: `$XDG_DATA_HOME/twofold/icons/<uuid>/` (else under
/// `~/.local/share`), each holding the pack's `pack.json` and its images at their paths in the
/// pack. A pack is written whole into a staging folder, flushed, then renamed into place, so a
/// failed import leaves nothing; importing a pack of the same uuid replaces it. Folders are 0700,
/// files 0600, as every file Twofold writes.
public struct IconPackStore: Sendable {
  /// Why the store cannot be read or written; names a path, never a file's content.
  public struct Failure: Error, Equatable, Sendable {
    /// One line for people.
    public let reason: String

    /// Creates a failure.
    public init(reason: String) { self.reason = reason }
  }

  /// One imported pack as it is on disk.
  public struct Installed: Sendable {
    /// The pack's uuid (its folder's name).
    public let id: IconPack.ID
    /// Its folder.
    public let directory: String
    /// The bytes of its `pack.json`, or why they cannot be read.
    public let manifest: Result<[UInt8], Failure>
  }

  /// The manifest's file name inside a pack's folder.
  public static let manifestName = "pack.json"

  /// The folder of every pack.
  public let root: String

  /// A store in `root`.
  public init(root: String) { self.root = root }

  /// The store of `variables`: `$XDG_DATA_HOME/twofold/icons` when it is absolute, else
  /// `$HOME/.local/share/twofold/icons`; nil when neither names a place.
  public init?(variables: [String: String]) {
    guard let folder = XDGBaseDirectory.data.twofold(variables) else { return nil }
    root = folder + "/icons"
  }

  /// The folder of the pack `id`.
  public func directory(of id: IconPack.ID) -> String { root + "/" + id.rawValue }

  /// Writes the pack `id` (its `manifest` and each of `files` at its path in the pack) into a
  /// staging folder, then renames it into place, replacing an earlier import of `id`. On a
  /// failure nothing of it is left and an earlier import stays as it was.
  public func install(
    _ id: IconPack.ID, manifest: [UInt8], files: [(fileName: String, bytes: [UInt8])]
  ) throws(Failure) {
    if let bad = files.first(where: { !IconPack.Icon.isSafe(fileName: $0.fileName) }) {
      throw Failure(reason: "refusing to write \(bad.fileName.debugDescription): not a plain path in a pack")
    }
    if let code = POSIX.makeDirectories(root) { throw failure(writing: root, code) }
    let staging = root + "/.staging-\(id.rawValue)-\(getpid())"
    Self.removeTree(staging)
    guard mkdir(staging, 0o700) == 0 else { throw failure(writing: staging, errno) }
    do throws(Failure) {
      try write(staging + "/" + Self.manifestName, manifest)
      var folders: Set<String> = []
      for file in files {
        let parts = file.fileName.split(separator: "/")
        var folder = staging
        for part in parts.dropLast() {
          folder += "/" + part
          guard folders.insert(folder).inserted else { continue }
          if mkdir(folder, 0o700) != 0 && errno != EEXIST { throw failure(writing: folder, errno) }
        }
        try write(staging + "/" + file.fileName, file.bytes)
      }
      for folder in folders.sorted(by: >) { POSIX.syncDirectory(folder) }
      POSIX.syncDirectory(staging)
      try replace(directory(of: id), with: staging)
    } catch {
      Self.removeTree(staging)
      throw error
    }
  }

  /// The packs imported, by uuid; folders whose name is not a uuid (staging folders) are skipped.
  public func installed() -> [Installed] {
    POSIX.listDirectory(root).compactMap { name -> Installed? in
      guard let id = IconPack.ID(name), id.rawValue == name else { return nil }
      let directory = root + "/" + name
      let manifest = POSIX.readFile(directory + "/" + Self.manifestName).mapError {
        Failure(reason: "cannot read \(directory)/\(Self.manifestName): \(POSIX.reason($0.code))")
      }
      return Installed(id: id, directory: directory, manifest: manifest)
    }.sorted { $0.id < $1.id }
  }

  /// The bytes of the image `fileName` of the pack `id`.
  public func image(_ fileName: String, of id: IconPack.ID) -> Result<[UInt8], Failure> {
    guard IconPack.Icon.isSafe(fileName: fileName) else {
      return .failure(Failure(reason: "\(fileName.debugDescription) is not a plain path in a pack"))
    }
    let path = directory(of: id) + "/" + fileName
    return POSIX.readFile(path).mapError { Failure(reason: "cannot read \(path): \(POSIX.reason($0.code))") }
  }

  private func write(_ path: String, _ bytes: [UInt8]) throws(Failure) {
    if let code = POSIX.writeNewFile(path, bytes) { throw failure(writing: path, code) }
  }

  /// Renames `staging` to `target`; an existing `target` is first renamed aside, then removed.
  private func replace(_ target: String, with staging: String) throws(Failure) {
    let aside = root + "/.replaced-\(POSIX.fileName(of: target))-\(getpid())"
    Self.removeTree(aside)
    var info = stat()
    let exists = lstat(target, &info) == 0
    if exists && rename(target, aside) != 0 { throw failure(writing: target, errno) }
    guard rename(staging, target) == 0 else {
      let code = errno
      if exists { rename(aside, target) }
      throw failure(writing: target, code)
    }
    POSIX.syncDirectory(root)
    if exists { Self.removeTree(aside) }
  }

  private func failure(writing path: String, _ code: Int32) -> Failure {
    Failure(reason: "cannot write \(path): \(POSIX.reason(code))")
  }

  /// Removes `path` and, for a folder, everything in it; never follows a symbolic link.
  static func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if info.st_mode & S_IFMT == S_IFDIR {
      for name in POSIX.listDirectory(path) { removeTree(path + "/" + name) }
      rmdir(path)
    } else {
      unlink(path)
    }
  }
}
