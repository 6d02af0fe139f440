import Data
import Domain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Icons written as files for menus that take an icon's path (rofi, fuzzel):
/// `$XDG_CACHE_HOME/twofold/icons/<icon hash>.<png|jpg|svg>` (else under `~/.cache`), each
/// written once, 0600 in a 0700 folder, and reused while it holds the same bytes.
public struct MenuIconCache: Sendable {
  /// The folder of the icon files.
  public let root: String

  /// A cache in `root`.
  public init(root: String) { self.root = root }

  /// The cache of `variables`: `$XDG_CACHE_HOME/twofold/icons` when it is absolute, else
  /// `$HOME/.cache/twofold/icons`; nil when neither names a place.
  public init?(variables: [String: String]) {
    guard let folder = XDGBaseDirectory.cache.twofold(variables) else { return nil }
    root = folder + "/icons"
  }

  /// The file name of `icon` in the cache.
  public static func fileName(of icon: AccountIcon) -> String {
    let suffix =
      switch icon.format {
      case .png: "png"
      case .jpeg: "jpg"
      case .svg: "svg"
      }
    return icon.aegisHash + "." + suffix
  }

  /// The path of `icon`'s file, written now unless a file of its bytes is there; nil when it
  /// cannot be written (the menu then shows the line without an icon).
  public func path(of icon: AccountIcon) -> String? {
    let path = root + "/" + Self.fileName(of: icon)
    guard !root.contains("\n"), !root.contains("\0") else { return nil }
    if case .success(let bytes) = POSIX.readFile(path), bytes == icon.bytes { return path }
    guard POSIX.makeDirectories(root) == nil else { return nil }
    guard case .success = LocalFiles.writePrivate(path, icon.bytes) else { return nil }
    return path
  }
}
