import OTP

/// An Aegis icon pack: a named, versioned list of icons, each an image file of the pack with the
/// issuers it stands for (Aegis' `pack.json`: `uuid`, `name`, `version`, `icons`).
public struct IconPack: Equatable, Sendable {
  /// A pack's identity: its uuid, lowercase; a pack of the same uuid replaces an older one.
  public struct ID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The uuid text, lowercase.
    public let rawValue: String

    /// The id of uuid text `text` (`8-4-4-4-12` hexadecimal digits); nil for anything else.
    public init?(_ text: String) {
      let groups = text.split(separator: "-", omittingEmptySubsequences: false)
      guard groups.map(\.count) == [8, 4, 4, 4, 12],
        groups.allSatisfy({ $0.allSatisfy(\.isHexDigit) && $0.allSatisfy(\.isASCII) })
      else { return nil }
      rawValue = text.lowercased()
    }

    /// The uuid text.
    public var description: String { rawValue }

    /// Orders ids by their text.
    public static func < (lhs: ID, rhs: ID) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// One icon of a pack.
  public struct Icon: Equatable, Sendable {
    /// The image's path inside the pack (`SVG/github.svg`): relative, no `..`, no empty part.
    public let fileName: String
    /// The icon's name: the one `pack.json` gives, else the file name without its extension.
    public let name: String
    /// The category the pack puts it in (`Social`), if any.
    public let category: String?
    /// The issuers it stands for, as the pack writes them.
    public let issuers: [String]

    /// Creates an icon; `name` nil or empty takes the file name without folders and extension.
    public init(fileName: String, name: String? = nil, category: String? = nil, issuers: [String]) {
      self.fileName = fileName
      let base = String(fileName.split(separator: "/").last ?? Substring(fileName))
      let stem = base.lastIndex(of: ".").map { String(base[..<$0]) } ?? base
      self.name = name.flatMap { $0.isEmpty ? nil : $0 } ?? stem
      self.category = category
      self.issuers = issuers
    }

    /// The image format its file name's extension names (`.svg`, `.png`, `.jpg`/`.jpeg`), as
    /// Aegis tells them apart; nil for another extension.
    public var format: AccountIcon.Format? {
      let base = fileName.split(separator: "/").last.map(String.init) ?? fileName
      guard let dot = base.lastIndex(of: ".") else { return nil }
      switch base[base.index(after: dot)...].lowercased() {
      case "svg": return .svg
      case "png": return .png
      case "jpg", "jpeg": return .jpeg
      default: return nil
      }
    }

    /// Whether one of its issuer names equals `issuer`, both folded (`TextFolding`) and trimmed.
    public func stands(forIssuer issuer: String) -> Bool {
      let folded = TextFolding.fold(String(issuer.trimmingWhitespace()))
      return !folded.isEmpty
        && issuers.contains { TextFolding.fold(String($0.trimmingWhitespace())) == folded }
    }

    /// Whether a path inside a pack is one Twofold stores: relative, made of parts that are not
    /// empty, `.` or `..`, without a backslash or a control character.
    public static func isSafe(fileName: String) -> Bool {
      guard !fileName.isEmpty, !fileName.hasPrefix("/"), fileName.utf8.count <= 1024 else { return false }
      guard !fileName.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" })
      else { return false }
      return fileName.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
        !$0.isEmpty && $0 != "." && $0 != ".."
      }
    }
  }

  /// The pack's uuid.
  public let id: ID
  /// The pack's name (`Aegis Icons`).
  public let name: String
  /// The pack's version; a newer one of the same uuid replaces the older.
  public let version: Int
  /// The icons, in the pack's order.
  public let icons: [Icon]

  /// Creates a pack.
  public init(id: ID, name: String, version: Int, icons: [Icon]) {
    self.id = id
    self.name = name
    self.version = version
    self.icons = icons
  }
}
