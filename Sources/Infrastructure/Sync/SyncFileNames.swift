/// The names other tools give the files a sync reads: Syncthing's conflict copies and Aegis'
/// automatic backups, each ordered by the time in its name.
public enum SyncFileNames {
  /// `STEM.sync-conflict-YYYYMMDD-HHMMSS-DEVICE.EXT`: Syncthing's copy of a file both sides changed.
  public struct ConflictCopy: Equatable, Comparable, Sendable {
    /// The copy's file name.
    public var fileName: String
    /// `YYYYMMDD-HHMMSS`.
    public var stamp: String
    /// The device id Syncthing wrote.
    public var device: String

    /// Orders by time, then by name.
    public static func < (lhs: ConflictCopy, rhs: ConflictCopy) -> Bool {
      (lhs.stamp, lhs.fileName) < (rhs.stamp, rhs.fileName)
    }
  }

  /// What a name in the source's folder is for the source file `sourceName`.
  public enum Match: Equatable, Sendable {
    /// A conflict copy of the source.
    case copy(ConflictCopy)
    /// Looks like a conflict copy of the source but does not parse (reported, left alone).
    case unreadable(String)
    /// Something else.
    case other
  }

  /// Classifies `name` against the source file `sourceName` (`vault.json`).
  public static func conflictCopy(_ name: String, of sourceName: String) -> Match {
    CopyPattern(sourceName).match(name)
  }

  /// What the conflict copies of one source file are named like: its name split once, for every
  /// name of a folder (each command lists the vault's folder).
  private struct CopyPattern {
    /// `STEM.sync-conflict-`.
    let prefix: String
    /// `.EXT`, or empty for a source without an extension.
    let suffix: String

    init(_ sourceName: String) {
      let (stem, ext) = SyncFileNames.split(sourceName)
      prefix = stem + ".sync-conflict-"
      suffix = ext.isEmpty ? "" : "." + ext
    }

    func match(_ name: String) -> Match {
      guard name.hasPrefix(prefix) else { return .other }
      var body = Substring(name.dropFirst(prefix.count))
      if !suffix.isEmpty {
        guard body.hasSuffix(suffix) else { return .unreadable(name) }
        body = body.dropLast(suffix.count)
      }
      let parts = body.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
      guard parts.count == 3, SyncFileNames.isDigits(parts[0], 8), SyncFileNames.isDigits(parts[1], 6),
        !parts[2].isEmpty,
        parts[2].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
      else { return .unreadable(name) }
      return .copy(ConflictCopy(fileName: name, stamp: "\(parts[0])-\(parts[1])", device: String(parts[2])))
    }
  }

  /// The file that `name` is a Syncthing conflict copy of (`vault.json` for
  /// `vault.sync-conflict-20261202-120000-AAAAAAA.json`); nil when it is not one.
  public static func original(ofCopy name: String) -> String? {
    let marker = ".sync-conflict-"
    var stem = ""
    var rest = Substring(name)
    while !rest.isEmpty, !rest.hasPrefix(marker) {
      stem.append(rest.removeFirst())
    }
    guard rest.hasPrefix(marker) else { return nil }
    rest = rest.dropFirst(marker.count)
    let ext = rest.split(separator: ".", maxSplits: 1).dropFirst().first.map { "." + $0 } ?? ""
    let original = stem + ext
    guard !stem.isEmpty, case .copy = conflictCopy(name, of: original) else { return nil }
    return original
  }

  /// The conflict copies of the file `fileName` among `names`, oldest first, and the names that
  /// look like copies but do not parse.
  public static func conflictCopies(of fileName: String, among names: [String]) -> (
    copies: [ConflictCopy], unreadable: [String]
  ) {
    var copies: [ConflictCopy] = []
    var unreadable: [String] = []
    let pattern = CopyPattern(fileName)
    for name in names {
      switch pattern.match(name) {
      case .copy(let copy): copies.append(copy)
      case .unreadable(let name): unreadable.append(name)
      case .other: break
      }
    }
    return (copies.sorted(), unreadable.sorted())
  }

  /// `aegis-backup-YYYYMMDD-HHMMSS[-N].json`: the stamp (with its sequence) for ordering, or nil.
  public static func aegisBackup(_ name: String) -> (stamp: String, sequence: Int)? {
    let prefix = "aegis-backup-"
    guard name.hasPrefix(prefix), name.hasSuffix(".json") else { return nil }
    let parts = name.dropFirst(prefix.count).dropLast(5).split(
      separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3, isDigits(parts[0], 8), isDigits(parts[1], 6) else {
      return nil
    }
    var sequence = 0
    if parts.count == 3 {
      guard let value = Int(parts[2]), value >= 0, parts[2].allSatisfy(\.isNumber) else { return nil }
      sequence = value
    }
    return ("\(parts[0])-\(parts[1])", sequence)
  }

  /// The newest Aegis backup among `names`, by the time in its name.
  public static func newestAegisBackup(in names: [String]) -> String? {
    names.compactMap { name in aegisBackup(name).map { (name, $0) } }
      .max { ($0.1.stamp, $0.1.sequence, $0.0) < ($1.1.stamp, $1.1.sequence, $1.0) }?.0
  }

  fileprivate static func split(_ name: String) -> (stem: String, ext: String) {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
    return (String(name[..<dot]), String(name[name.index(after: dot)...]))
  }

  fileprivate static func isDigits(_ text: Substring, _ count: Int) -> Bool {
    text.count == count && text.allSatisfy { $0.isASCII && $0.isNumber }
  }
}
