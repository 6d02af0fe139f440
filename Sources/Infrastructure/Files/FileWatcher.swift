#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tells whether a file was written, replaced or removed, or a Syncthing conflict copy of it came
/// or went, since the last look: through inotify on
/// Linux (a watch on its folder, since a durable save renames a new file over it), else by
/// comparing its identity (a `stat` each look). Looking never blocks.
public final class FileWatcher {
  private let path: String
  private let name: String
  private var descriptor: Int32 = -1
  private var identity: FileIdentity?

  /// Starts watching `path`.
  public init(path: String) {
    self.path = path
    name = POSIX.fileName(of: path)
    identity = FileIdentity.of(path)
    #if os(Linux)
      descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      if descriptor >= 0 {
        let events = IN_MOVED_TO | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB
        if inotify_add_watch(descriptor, POSIX.directory(of: path), UInt32(events)) < 0 {
          close(descriptor)
          descriptor = -1
        }
      }
    #endif
  }

  deinit { if descriptor >= 0 { close(descriptor) } }

  /// Whether the file changed since the last call (or since the watch began).
  public func changed() -> Bool {
    guard descriptor >= 0 else { return identityChanged() }
    var touched = false
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      touched =
        touched
        || Self.names(in: buffer[0..<count]).contains {
          $0 == name || SyncFileNames.original(ofCopy: $0) == name
        }
    }
    if touched { identity = FileIdentity.of(path) }
    return touched
  }

  private func identityChanged() -> Bool {
    let now = FileIdentity.of(path)
    defer { identity = now }
    return now != identity
  }

  /// The file names of the inotify events in `bytes`.
  static func names(in bytes: ArraySlice<UInt8>) -> [String] {
    var names: [String] = []
    var offset = bytes.startIndex
    // struct inotify_event: int wd; uint32 mask, cookie, len; char name[len]
    while offset + 16 <= bytes.endIndex {
      let length = Int(
        Array(bytes[offset + 12..<offset + 16]).withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
      let start = offset + 16
      guard start + length <= bytes.endIndex else { break }
      let field = bytes[start..<start + length]
      names.append(String(decoding: field.prefix { $0 != 0 }, as: UTF8.self))
      offset = start + length
    }
    return names
  }
}
