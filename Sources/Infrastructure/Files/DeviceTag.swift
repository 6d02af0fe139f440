import Crypto
import OTP

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A short mark of the device in the names of the backups it makes beside a vault in a Syncthing
/// folder, so that two devices sharing the vault's folder never write one name in `backups/` the
/// same second, which Syncthing would turn into a conflict copy there.
public struct DeviceTag: Equatable, Sendable {
  /// Lowercase ASCII letters, never digits, so a name's tag is never read as its sequence.
  public let text: String

  /// The letters of a tag a device makes.
  static let length = 6

  /// A tag of 1 to 16 lowercase ASCII letters; nil for anything else.
  public init?(_ text: String) {
    guard (1...16).contains(text.utf8.count), text.utf8.allSatisfy({ (0x61...0x7a).contains($0) }) else {
      return nil
    }
    self.text = text
  }

  /// The tag `bytes` (a hash) give: one letter from each of the first `length` bytes.
  init(hash bytes: [UInt8]) {
    text = String(decoding: bytes.prefix(Self.length).map { 0x61 + $0 % 26 }, as: UTF8.self)
  }

  /// This device's tag: a hash of the machine's id (`machineID`, read, never shown) and of an id
  /// kept in the per-device state root (`device-id`, made on first use), so neither a cloned
  /// machine nor a home folder copied to another machine gives two devices one tag. With
  /// neither, a random tag for this process: still one per device, only not the same each time.
  public static func ofThisDevice(
    stateRoot: String?, machineID: String = "/etc/machine-id", random: RandomSource = .secure
  ) -> DeviceTag {
    var material = Array("twofold backup device tag\n".utf8)
    var known = false
    if case .success(let bytes) = POSIX.readFile(machineID), !bytes.isEmpty {
      material += bytes
      known = true
    }
    material.append(0x0a)
    if let root = stateRoot, let id = keptID(in: root, random: random) {
      material += id
      known = true
    }
    if !known { material += random.bytes(16) }
    return DeviceTag(hash: Digest.sha256(material))
  }

  /// This device's tag for the backups of a vault when `folder` (the vault, its folder or its
  /// `backups/`) is synced by Syncthing (a folder above holds Syncthing's `.stfolder` marker), where
  /// another device writes backups beside the same vault; nil elsewhere, so a vault's backups
  /// keep CLI.md's `NAME-YYYYMMDD-HHMMSS[-N].json`.
  public static func forBackups(in folder: String, stateRoot: String?) -> DeviceTag? {
    isInSyncthingFolder(folder) ? ofThisDevice(stateRoot: stateRoot) : nil
  }

  /// Whether `folder` or a folder above it holds Syncthing's `.stfolder` marker.
  static func isInSyncthingFolder(_ folder: String) -> Bool {
    var current = folder
    if !current.hasPrefix("/") {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      guard getcwd(&buffer, buffer.count) != nil else { return false }
      current =
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/"
        + folder
    }
    while true {
      var info = stat()
      if lstat(current + "/.stfolder", &info) == 0 { return true }
      guard let slash = current.lastIndex(of: "/"), current != "/" else { return false }
      current = slash == current.startIndex ? "/" : String(current[..<slash])
    }
  }

  /// The id kept in `root/device-id`, made there (0600, in a 0700 folder) when it is missing; nil
  /// when it can neither be read nor made.
  static func keptID(in root: String, random: RandomSource) -> [UInt8]? {
    let path = root + "/device-id"
    if case .success(let bytes) = POSIX.readFile(path), !bytes.isEmpty { return bytes }
    guard POSIX.makeDirectories(root) == nil else { return nil }
    // Written whole under a name of its own, then linked into place: two processes making it at
    // once both read the one that won.
    let temporary = root + "/.device-id.new-\(getpid())"
    unlink(temporary)
    guard POSIX.writeNewFile(temporary, Array((Hex.encode(random.bytes(16)) + "\n").utf8)) == nil else {
      return nil
    }
    link(temporary, path)
    unlink(temporary)
    guard case .success(let bytes) = POSIX.readFile(path), !bytes.isEmpty else { return nil }
    return bytes
  }
}
