#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tells whether anything a vault syncs with changed (sync.md "Without being asked"): the vault
/// and its conflict copies, each shared file and its conflict copies, each folder of Aegis
/// backups. One inotify watch per folder; looking never blocks. Where inotify is missing it
/// compares the files' identities each look.
public final class SyncWatcher: @unchecked Sendable {
  private struct Folder {
    var path: String
    /// The files whose changes count (with their conflict copies); empty: every file.
    var names: Set<String>
  }

  private var folders: [Int32: Folder] = [:]
  private var descriptor: Int32 = -1
  private var identities: [String: FileIdentity?] = [:]
  private let paths: [String]

  /// Watches the vault at `vault` and the sources at the absolute paths `sources`.
  public init(vault: String, sources: [String]) {
    var wanted: [String: Set<String>] = [POSIX.directory(of: vault): [POSIX.fileName(of: vault)]]
    for source in sources {
      if DurableFile.isFolder(source) {
        wanted[source] = []
      } else {
        wanted[POSIX.directory(of: source), default: []].insert(POSIX.fileName(of: source))
      }
    }
    paths = [vault] + sources
    #if os(Linux)
      descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      if descriptor >= 0 {
        let events = IN_MOVED_TO | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM
        for (path, names) in wanted {
          let watch = inotify_add_watch(descriptor, path, UInt32(events))
          if watch >= 0 { folders[watch] = Folder(path: path, names: names) }
        }
      }
    #endif
    for path in paths { identities[path] = FileIdentity.of(path) }
  }

  deinit { if descriptor >= 0 { close(descriptor) } }

  /// Whether a watched file changed since the last look.
  public func changed() -> Bool {
    guard descriptor >= 0, !folders.isEmpty else { return identitiesChanged() }
    var touched = false
    var buffer = [UInt8](repeating: 0, count: 8192)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      for (watch, name) in Self.events(in: buffer[0..<count]) {
        guard let folder = folders[watch] else { continue }
        touched = touched || matters(name, in: folder)
      }
    }
    return touched
  }

  private func matters(_ name: String, in folder: Folder) -> Bool {
    if name.hasPrefix(".") || name.hasPrefix("~") { return false }
    if folder.names.isEmpty { return true }
    return folder.names.contains { watched in
      name == watched || SyncFileNames.conflictCopy(name, of: watched) != .other
    }
  }

  private func identitiesChanged() -> Bool {
    var changed = false
    for path in paths {
      let now = FileIdentity.of(path)
      if identities[path] != .some(now) { changed = true }
      identities[path] = now
    }
    return changed
  }

  /// The watch descriptors and file names of the inotify events in `bytes`.
  static func events(in bytes: ArraySlice<UInt8>) -> [(Int32, String)] {
    var events: [(Int32, String)] = []
    var offset = bytes.startIndex
    // struct inotify_event: int wd; uint32 mask, cookie, len; char name[len]
    while offset + 16 <= bytes.endIndex {
      let watch = Array(bytes[offset..<offset + 4]).withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }
      let length = Int(
        Array(bytes[offset + 12..<offset + 16]).withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
      let start = offset + 16
      guard start + length <= bytes.endIndex else { break }
      events.append(
        (watch, String(decoding: bytes[start..<start + length].prefix { $0 != 0 }, as: UTF8.self)))
      offset = start + length
    }
    return events
  }
}
